import { plural, REWARD_SPLIT_TEXT } from '@agora/shared';
import { Alert, Button, Container, Group, Skeleton, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useAuth } from '../../../lib/auth-store';
import { useDistributeRewards } from '../api/distribute-rewards';
import { useRewardView } from '../api/get-reward-view';
import { DistributeConfirmModal } from '../components/distribute-confirm-modal';
import { DistributionStatus, DistributionSummary } from '../components/distribution-status';
import { PayRewardPanel } from '../components/pay-reward-panel';
import { RewardAnswersCard } from '../components/reward-answers-card';
import { RewardQuestionCard } from '../components/reward-question-card';
import { moneyError } from '../lib/money';
import { useRewardSplit } from '../lib/use-reward-split';

function BackLink() {
  return (
    <Button
      component={Link}
      to="/questioner-portal"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      px={0}
    >
      Back to Questioner Portal
    </Button>
  );
}

/**
 * /question/:questionId/rewards (spec 01 §2, §4, §5): the author picks answers and their whole
 * percentages (by merit: the AI ranking's suggestion when there is one, else equal; "Split equally"
 * restores the spec's equal split); the rupee preview is the server's own split (splitPaise), to the
 * paisa. It can happen once; afterwards the page shows who got what.
 */
export function RewardsPage() {
  const { questionId = '' } = useParams();
  const { isLoggedIn } = useAuth();
  const view = useRewardView(questionId, isLoggedIn);
  const distribute = useDistributeRewards(questionId);
  const data = view.data;
  const split = useRewardSplit(data);
  const [confirming, setConfirming] = useState(false);

  if (!isLoggedIn) return null;

  if (view.isError) {
    return (
      <Container size="md" py={{ base: 32, sm: 56 }}>
        <EmptyState
          icon={<IconAlertCircle size={28} />}
          title="Failed to load question data"
          description="The question could not be loaded, or you are not its author."
          action={
            <Group>
              <Button onClick={() => void view.refetch()}>Try again</Button>
              <BackLink />
            </Group>
          }
        />
      </Container>
    );
  }

  const escrowState = data?.question.escrowState ?? null;
  const refunded = escrowState === 'refunded';
  const done = (data?.totalDistributed ?? 0) > 0;
  const settled = done || refunded || (escrowState !== null && escrowState !== 'held');
  const canDistribute = Boolean(data?.question.isPaid) && !settled;

  const submit = () => {
    if (!data) return;
    const byId = new Map(data.question.answers.map((a) => [a._id, a]));
    const rewards = split.selected.map((answerId) => ({
      answerId,
      answererId: byId.get(answerId)!.authorId,
      percentage: split.preview.get(answerId)!.percentage,
    }));
    distribute.mutate(
      { questionId, rewards },
      {
        onSuccess: (res) => {
          setConfirming(false);
          split.clear();
          notifications.show({
            title: 'Rewards distributed',
            message: `${plural(res.rewards.length, 'answerer')} will receive their percentage rewards.`,
            color: 'teal',
          });
        },
        onError: (err) => {
          setConfirming(false);
          split.setError(moneyError(err));
        },
      },
    );
  };

  return (
    <Container size="md" py={{ base: 24, sm: 48 }}>
      <Stack gap="lg">
        <div>
          <BackLink />
          <Title order={1} mt="xs">
            Distribute Rewards
          </Title>
        </div>
        {!data ? (
          <Stack gap="md" aria-busy="true">
            <Skeleton h={120} radius="lg" />
            <Skeleton h={110} radius="lg" />
            <Skeleton h={160} radius="lg" />
          </Stack>
        ) : (
          <>
            <RewardQuestionCard question={data.question} />
            <DistributionStatus
              totalPaise={split.total}
              paid={data.question.isPaid}
              refunded={refunded}
              distributed={data.totalDistributed}
              allocated={settled ? 100 - data.remainingPercentage : split.allocated}
            />
            {done ? (
              <DistributionSummary
                rewards={data.rewards}
                answers={data.question.answers}
                at={data.question.rewardsDistributedAt}
              />
            ) : null}
            {refunded ? (
              <Alert color="gray" variant="light" data-testid="reward-refunded">
                {REWARD_SPLIT_TEXT.refunded}
              </Alert>
            ) : null}
            {!data.question.isPaid ? (
              <PayRewardPanel
                questionId={questionId}
                requestedPaise={data.question.rewardAmount}
                onPaid={() => void view.refetch()}
              />
            ) : null}
            <RewardAnswersCard
              data={data}
              split={split}
              canDistribute={canDistribute}
              done={done}
              refunded={refunded}
              busy={distribute.isPending}
              onDistribute={() => split.check() && setConfirming(true)}
            />
            <DistributeConfirmModal
              opened={confirming}
              answers={data.question.answers}
              split={split}
              busy={distribute.isPending}
              onClose={() => setConfirming(false)}
              onConfirm={submit}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}
