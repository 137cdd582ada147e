import { REWARD_SPLIT_TEXT, type RewardView } from '@agora/shared';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconGift, IconMessageCircleOff } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { rupees } from '../../../lib/money';
import type { RewardSplit } from '../lib/use-reward-split';
import { RewardAnswerCard } from './reward-answer-card';

interface RewardAnswersCardProps {
  data: RewardView;
  split: RewardSplit;
  /** The reward is paid and not yet shared out or refunded. */
  canDistribute: boolean;
  done: boolean;
  refunded: boolean;
  busy: boolean;
  onDistribute: () => void;
}

/** The answers to choose from, each with its percent and rupees, and the button that shares the reward out. */
export function RewardAnswersCard({
  data,
  split,
  canDistribute,
  done,
  refunded,
  busy,
  onDistribute,
}: RewardAnswersCardProps) {
  const { answers } = data.question;
  const { selected, allocated } = split;
  const rewardByAnswer = new Map(data.rewards.map((r) => [r.answerId, r]));
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h4">
          Answers ({answers.length})
        </Title>
        {canDistribute && answers.length > 0 ? (
          <Group gap="xs">
            {split.suggestionUsable ? (
              <Button size="xs" variant="light" color="grape" onClick={split.applySuggested}>
                {REWARD_SPLIT_TEXT.useSuggested}
              </Button>
            ) : null}
            <Button size="xs" variant="default" disabled={selected.length === 0} onClick={split.splitEqually}>
              {REWARD_SPLIT_TEXT.splitEqually}
            </Button>
          </Group>
        ) : null}
      </Group>
      {canDistribute && split.suggestionUsable ? (
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
          {allocated === 100 ? ` · ${rupees(split.total)}` : ''}
        </Text>
      ) : null}
      {answers.length === 0 ? (
        <EmptyState
          icon={<IconMessageCircleOff size={28} />}
          title="No answers yet"
          description="Rewards can be distributed once your question has answers."
        />
      ) : (
        <Stack gap="sm">
          {answers.map((a) => (
            <RewardAnswerCard
              key={a._id}
              answer={a}
              checked={done ? rewardByAnswer.has(a._id) : selected.includes(a._id)}
              disabled={!canDistribute || busy}
              preview={done ? null : (split.preview.get(a._id) ?? null)}
              reward={rewardByAnswer.get(a._id) ?? null}
              percent={canDistribute && selected.includes(a._id) ? split.percentOf(a._id) : null}
              onPercent={(v) => split.setPercent(a._id, v)}
              onToggle={() => split.toggle(a._id)}
            />
          ))}
        </Stack>
      )}
      {split.error ? (
        <Alert color="red" role="alert" mt="md">
          {split.error}
        </Alert>
      ) : null}
      {answers.length > 0 ? (
        <Group justify="flex-end" mt="md">
          <Button
            size="md"
            leftSection={<IconGift size={18} />}
            disabled={!canDistribute}
            loading={busy}
            onClick={onDistribute}
          >
            {done ? 'Rewards Already Distributed' : refunded ? 'Reward Refunded' : 'Distribute Rewards'}
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}
