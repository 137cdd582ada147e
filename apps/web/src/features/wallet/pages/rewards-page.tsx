import { equalPercentages, MSG, plural, splitPaise } from '@agora/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconGift, IconMessageCircleOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useAuth } from '../../../lib/auth-store';
import { useDistributeRewards } from '../api/distribute-rewards';
import { useRewardView } from '../api/get-reward-view';
import { DistributionStatus } from '../components/distribution-status';
import { PayRewardPanel } from '../components/pay-reward-panel';
import { RewardAnswerCard } from '../components/reward-answer-card';
import { rupees } from '../../../lib/money';
import { moneyError } from '../lib/money';

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
 * /question/:questionId/rewards (spec 01 §2, §4, §5): the author picks answers; the reward is split
 * equally in whole percentages, the remainder to the first selected; it can happen once.
 */
export function RewardsPage() {
  const { questionId = '' } = useParams();
  const _navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  const view = useRewardView(questionId, isLoggedIn);
  const distribute = useDistributeRewards(questionId);
  // Selection order matters: the first selected answer gets the remainder.
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const data = view.data;
  const total = data?.payment.amount ?? 0;
  const preview = useMemo(() => {
    const pcts = equalPercentages(selected.length);
    const shares = splitPaise(total, pcts);
    return new Map(selected.map((id, i) => [id, { percentage: pcts[i]!, paise: shares[i]! }]));
  }, [selected, total]);

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

  const done = (data?.totalDistributed ?? 0) > 0;
  const canDistribute = Boolean(data?.question.isPaid) && !done;
  const rewardByAnswer = new Map((data?.rewards ?? []).map((r) => [r.answerId, r]));

  const toggle = (answerId: string) => {
    setError(null);
    setSelected((s) => (s.includes(answerId) ? s.filter((x) => x !== answerId) : [...s, answerId]));
  };

  const askConfirm = () => {
    setError(null);
    if (selected.length === 0) {
      setError(MSG.selectAnswerToReward);
      return;
    }
    setConfirming(true);
  };

  const submit = () => {
    if (!data) return;
    const byId = new Map(data.question.answers.map((a) => [a._id, a]));
    const rewards = selected.map((answerId) => ({
      answerId,
      answererId: byId.get(answerId)!.authorId,
      percentage: preview.get(answerId)!.percentage,
    }));
    distribute.mutate(
      { questionId, rewards },
      {
        onSuccess: (res) => {
          setConfirming(false);
          setSelected([]);
          notifications.show({
            title: 'Rewards distributed',
            message: `${plural(res.rewards.length, 'answerer')} will receive their percentage rewards.`,
            color: 'teal',
          });
        },
        onError: (err) => {
          setConfirming(false);
          setError(moneyError(err));
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
            <Card withBorder radius="lg" padding="lg">
              <Group gap="xs" mb={6}>
                <Badge variant="light">{data.question.category}</Badge>
                <Badge variant="light" color={data.question.isPaid ? 'teal' : 'gray'}>
                  {data.question.isPaid ? 'Paid' : 'Not paid'}
                </Badge>
              </Group>
              <Title
                order={2}
                size="h3"
                style={{ overflowWrap: 'anywhere' }}
                data-testid="reward-question-title"
              >
                {data.question.title}
              </Title>
              <Text
                c="dimmed"
                mt={6}
                lineClamp={3}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {data.question.description}
              </Text>
            </Card>
            <DistributionStatus
              totalPaise={total}
              distributed={data.totalDistributed}
              remaining={data.remainingPercentage}
            />
            {!data.question.isPaid ? (
              <PayRewardPanel
                questionId={questionId}
                requestedPaise={data.question.rewardAmount}
                onPaid={() => void view.refetch()}
              />
            ) : null}
            <Card withBorder radius="lg" padding="lg">
              <Group justify="space-between" mb="md" wrap="wrap">
                <Title order={2} size="h4">
                  Answers ({data.question.answers.length})
                </Title>
                {canDistribute && selected.length > 0 ? (
                  <Text size="sm" c="dimmed">
                    {selected.length} selected · equal split, remainder to the first selected
                  </Text>
                ) : null}
              </Group>
              {data.question.answers.length === 0 ? (
                <EmptyState
                  icon={<IconMessageCircleOff size={28} />}
                  title="No answers yet"
                  description="Rewards can be distributed once your question has answers."
                />
              ) : (
                <Stack gap="sm">
                  {data.question.answers.map((a) => (
                    <RewardAnswerCard
                      key={a._id}
                      answer={a}
                      checked={done ? rewardByAnswer.has(a._id) : selected.includes(a._id)}
                      disabled={!canDistribute || distribute.isPending}
                      preview={done ? null : (preview.get(a._id) ?? null)}
                      reward={rewardByAnswer.get(a._id) ?? null}
                      onToggle={() => toggle(a._id)}
                    />
                  ))}
                </Stack>
              )}
              {error ? (
                <Alert color="red" role="alert" mt="md">
                  {error}
                </Alert>
              ) : null}
              {data.question.answers.length > 0 ? (
                <Group justify="flex-end" mt="md">
                  <Button
                    size="md"
                    leftSection={<IconGift size={18} />}
                    disabled={!canDistribute}
                    loading={distribute.isPending}
                    onClick={askConfirm}
                  >
                    {done ? 'Rewards Already Distributed' : 'Distribute Rewards'}
                  </Button>
                </Group>
              ) : null}
            </Card>
            <Modal
              opened={confirming}
              onClose={() => !distribute.isPending && setConfirming(false)}
              title="Distribute rewards?"
              centered
            >
              <Stack gap="sm">
                <Text size="sm">
                  {rupees(total)} will be split among {plural(selected.length, 'answer')}. Rewards can be
                  distributed only once.
                </Text>
                <Stack gap={4} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
                  {selected.map((id) => {
                    const a = data.question.answers.find((x) => x._id === id);
                    const p = preview.get(id)!;
                    return (
                      <Text component="li" size="sm" key={id}>
                        {a?.author.displayName}: {p.percentage}% · {rupees(p.paise)}
                      </Text>
                    );
                  })}
                </Stack>
                <Group justify="flex-end" mt="sm">
                  <Button
                    variant="default"
                    onClick={() => setConfirming(false)}
                    disabled={distribute.isPending}
                  >
                    Cancel
                  </Button>
                  <Button onClick={submit} loading={distribute.isPending}>
                    Confirm
                  </Button>
                </Group>
              </Stack>
            </Modal>
          </>
        )}
      </Stack>
    </Container>
  );
}
