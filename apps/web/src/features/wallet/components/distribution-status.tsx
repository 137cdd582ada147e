import { REWARD_SPLIT_TEXT, type RewardAnswer, type RewardRecord } from '@agora/shared';
import { Card, Group, Progress, SimpleGrid, Table, Text } from '@mantine/core';
import { rupees } from '../../../lib/money';

export interface DistributionStatusProps {
  totalPaise: number;
  /** Whether the reward was paid (an unpaid one has nothing available yet). */
  paid: boolean;
  /** Refunded to the asker at the deadline: nothing is available, nothing was distributed. */
  refunded: boolean;
  /** Percent of the reward already paid out to answerers (0 or 100). */
  distributed: number;
  /** Percent the author's split assigns so far (before payout), or what was paid out (after). */
  allocated: number;
}

/**
 * Total reward and the distribution status (spec 01 §2: available, distributed, remaining), each
 * figure true at the moment: available = what is still held to distribute, distributed = what
 * answerers received, remaining = what the split on this page does not assign yet.
 */
export function DistributionStatus({
  totalPaise,
  paid,
  refunded,
  distributed,
  allocated,
}: DistributionStatusProps) {
  const available = paid && !refunded ? 100 - distributed : 0;
  const remaining = available === 0 ? 0 : Math.max(0, 100 - allocated);
  const of = (p: number) => rupees(Math.floor((totalPaise * p) / 100));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Card withBorder radius="lg" padding="lg">
        <Text c="dimmed" size="sm" fw={500}>
          Total Reward
        </Text>
        <Text fz={32} fw={700} data-testid="reward-total">
          {rupees(totalPaise)}
        </Text>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Text c="dimmed" size="sm" fw={500} mb={6}>
          Distribution Status
        </Text>
        <Progress
          value={distributed > 0 ? distributed : Math.min(100, allocated)}
          color={distributed > 0 ? 'teal' : allocated === 100 ? 'blue' : 'yellow'}
          size="lg"
          radius="xl"
          aria-label={distributed > 0 ? 'Percentage distributed' : 'Percentage allocated'}
        />
        <Group justify="space-between" mt="sm" gap="xs">
          <Text size="sm" data-testid="reward-available" title={of(available)}>
            <b>{available}%</b> available
          </Text>
          <Text size="sm" data-testid="reward-distributed" title={of(distributed)}>
            <b>{distributed}%</b> distributed
          </Text>
          <Text size="sm" data-testid="reward-remaining" title={of(remaining)}>
            <b>{remaining}%</b> remaining
          </Text>
        </Group>
      </Card>
    </SimpleGrid>
  );
}

export interface DistributionSummaryProps {
  rewards: RewardRecord[];
  answers: RewardAnswer[];
  /** When it was distributed (ISO), if known. */
  at: string | null;
}

/** After payout: who got what, in percent and rupees, as the server credited it. */
export function DistributionSummary({ rewards, answers, at }: DistributionSummaryProps) {
  const nameOf = new Map(answers.map((a) => [a._id, a.author.displayName]));
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="distribution-summary">
      <Text fw={600} mb={4}>
        {REWARD_SPLIT_TEXT.distributedTitle}
      </Text>
      {at ? (
        <Text size="sm" c="dimmed" mb="sm">
          {new Date(at).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })}
        </Text>
      ) : null}
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Answerer</Table.Th>
            <Table.Th ta="right">Share</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rewards.map((r) => (
            <Table.Tr key={r._id} data-testid="distribution-row">
              <Table.Td>{nameOf.get(r.answerId) ?? 'Answerer'}</Table.Td>
              <Table.Td ta="right">{r.percentage}%</Table.Td>
              <Table.Td ta="right">{rupees(r.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
