import { equalPercentages, MSG, plural, QUESTION_TEXT, REWARD_SPLIT_TEXT, splitPaise } from '@agora/shared';
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
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useAuth } from '../../../lib/auth-store';
import { useDistributeRewards } from '../api/distribute-rewards';
import { useRewardView } from '../api/get-reward-view';
import { DistributionStatus, DistributionSummary } from '../components/distribution-status';
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

/** One chosen answer and its whole percent ('' while the author is typing it). */
type Share = { answerId: string; percent: number | '' };

/** spec 01 §5's equal split over `ids` in selection order (the remainder to the first). */
function equalShares(ids: string[]): Share[] {
  const pcts = equalPercentages(ids.length);
  return ids.map((answerId, i) => ({ answerId, percent: pcts[i]! }));
}

const pct = (p: number | '') => (p === '' ? 0 : p);

/**
 * /question/:questionId/rewards (spec 01 §2, §4, §5): the author picks answers and their whole
 * percentages (by merit: the AI ranking's suggestion when there is one, else equal; "Split equally"
 * restores the spec's equal split); the rupee preview is the server's own split (splitPaise), to the
 * paisa. It can happen once; afterwards the page shows who got what.
 */
export function RewardsPage() {
  const { questionId = '' } = useParams();
  const _navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  const view = useRewardView(questionId, isLoggedIn);
  const distribute = useDistributeRewards(questionId);
  // Selection order matters: the first selected answer gets the leftover percent and paise.
  const [shares, setShares] = useState<Share[]>([]);
  const [started, setStarted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const data = view.data;
  const total = data?.payment.amount ?? 0;
  const selected = shares.map((s) => s.answerId);
  const answerIds = useMemo(() => new Set((data?.question.answers ?? []).map((a) => a._id)), [data]);
  // The AI ranking's split, limited to answers this page lists.
  const suggested = useMemo(
    () =>
      (data?.suggestedSplit ?? [])
        .filter((s) => answerIds.has(s.answerId))
        .map((s) => ({ answerId: s.answerId, percent: s.percent })),
    [data, answerIds],
  );
  const suggestionUsable = suggested.length > 0 && suggested.reduce((a, s) => a + s.percent, 0) === 100;

  // Rewards by merit: the page starts from the suggested split when a ranking ran.
  useEffect(() => {
    if (started || !data) return;
    setStarted(true);
    if (data.totalDistributed === 0 && suggestionUsable) setShares(suggested);
  }, [data, started, suggested, suggestionUsable]);

  const allocated = shares.reduce((a, s) => a + pct(s.percent), 0);
  const valid = shares.every(
    (s) => Number.isInteger(s.percent) && pct(s.percent) >= 1 && pct(s.percent) <= 100,
  );
  const preview = useMemo(() => {
    const pcts = shares.map((s) => pct(s.percent));
    // The server's split (splitPaise) once the percentages add up to 100; while they do not, each
    // share alone (floor), so the figures never claim more than the percentages say.
    const paise =
      allocated === 100 ? splitPaise(total, pcts) : pcts.map((p) => Math.floor((total * p) / 100));
    return new Map(shares.map((s, i) => [s.answerId, { percentage: pcts[i]!, paise: paise[i]! }]));
  }, [shares, total, allocated]);

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
  const rewardByAnswer = new Map((data?.rewards ?? []).map((r) => [r.answerId, r]));

  // Choosing or dropping an answer starts again from the spec's equal split of the new selection.
  const toggle = (answerId: string) => {
    setError(null);
    const ids = selected.includes(answerId)
      ? selected.filter((x) => x !== answerId)
      : [...selected, answerId];
    setShares(equalShares(ids));
  };

  const setPercent = (answerId: string, value: number | string) => {
    setError(null);
    const n = typeof value === 'number' ? value : value.trim() === '' ? '' : Number(value);
    setShares((list) =>
      list.map((s) =>
        s.answerId === answerId ? { ...s, percent: n === '' || Number.isFinite(n) ? n : '' } : s,
      ),
    );
  };

  const askConfirm = () => {
    setError(null);
    if (selected.length === 0) {
      setError(MSG.selectAnswerToReward);
      return;
    }
    if (!valid) {
      setError(REWARD_SPLIT_TEXT.percentWhole);
      return;
    }
    if (allocated !== 100) {
      setError(REWARD_SPLIT_TEXT.totalNot100(allocated));
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
          setShares([]);
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
              {data.question.acceptanceCriteria ? (
                <Alert variant="light" color="blue" mt="sm" title={QUESTION_TEXT.acceptanceCriteriaHeading}>
                  <Text
                    size="sm"
                    style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                    data-testid="acceptance-criteria"
                  >
                    {data.question.acceptanceCriteria}
                  </Text>
                </Alert>
              ) : null}
            </Card>
            <DistributionStatus
              totalPaise={total}
              paid={data.question.isPaid}
              refunded={refunded}
              distributed={data.totalDistributed}
              allocated={settled ? 100 - data.remainingPercentage : allocated}
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
            <Card withBorder radius="lg" padding="lg">
              <Group justify="space-between" mb="md" wrap="wrap">
                <Title order={2} size="h4">
                  Answers ({data.question.answers.length})
                </Title>
                {canDistribute && data.question.answers.length > 0 ? (
                  <Group gap="xs">
                    {suggestionUsable ? (
                      <Button size="xs" variant="light" color="grape" onClick={() => setShares(suggested)}>
                        {REWARD_SPLIT_TEXT.useSuggested}
                      </Button>
                    ) : null}
                    <Button
                      size="xs"
                      variant="default"
                      disabled={selected.length === 0}
                      onClick={() => {
                        setError(null);
                        setShares(equalShares(selected));
                      }}
                    >
                      {REWARD_SPLIT_TEXT.splitEqually}
                    </Button>
                  </Group>
                ) : null}
              </Group>
              {canDistribute && suggestionUsable ? (
                <Text size="sm" c="dimmed" mb="sm">
                  {REWARD_SPLIT_TEXT.suggestedNote}
                </Text>
              ) : null}
              {canDistribute && selected.length > 0 ? (
                <Text
                  size="sm"
                  mb="sm"
                  c={allocated === 100 ? 'dimmed' : 'red'}
                  data-testid="split-total"
                  aria-live="polite"
                >
                  {selected.length} selected · {allocated}% of 100% allocated
                  {allocated === 100 ? ` · ${rupees(total)}` : ''}
                </Text>
              ) : null}
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
                      percent={
                        canDistribute && selected.includes(a._id)
                          ? (shares.find((s) => s.answerId === a._id)?.percent ?? '')
                          : null
                      }
                      onPercent={(v) => setPercent(a._id, v)}
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
                    {done
                      ? 'Rewards Already Distributed'
                      : refunded
                        ? 'Reward Refunded'
                        : 'Distribute Rewards'}
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
