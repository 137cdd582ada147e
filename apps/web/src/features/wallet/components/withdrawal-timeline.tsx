import { TEST_MODE_TEXT, type WithdrawalView } from '@agora/shared';
import { Badge, Card, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { rupees } from '../../../lib/money';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Every withdrawal's timeline, with dates, so a payee sees where their money is: requested, then
 * paid (with the payout reference) or failed (with the reason, the money back in the wallet).
 */
export function WithdrawalTimeline({ withdrawals }: { withdrawals: WithdrawalView[] }) {
  if (withdrawals.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="withdrawals-title">
      <Title order={2} size="h4" id="withdrawals-title" mb="sm">
        Withdrawals
      </Title>
      <Stack gap="lg">
        {withdrawals.map((w) => (
          <Stack key={w._id} gap={6} data-testid="withdrawal" data-status={w.status}>
            <Group gap="xs">
              <Text fw={700}>{rupees(w.amount)}</Text>
              <Badge
                size="sm"
                variant="light"
                color={w.status === 'completed' ? 'teal' : w.status === 'failed' ? 'red' : 'yellow'}
              >
                {w.status === 'completed' ? 'Paid' : w.status === 'failed' ? 'Failed' : 'Requested'}
              </Badge>
              {w.testMode ? (
                <Badge size="sm" variant="outline" color="yellow">
                  {TEST_MODE_TEXT.withdrawal}
                </Badge>
              ) : null}
            </Group>
            <Timeline active={w.status === 'pending' ? 0 : 1} bulletSize={20} lineWidth={2}>
              <Timeline.Item bullet={<IconClock size={12} />} title="Requested">
                <Text size="xs" c="dimmed">
                  {when(w.createdAt)}
                </Text>
              </Timeline.Item>
              {w.status === 'pending' ? (
                <Timeline.Item title="Waiting to be paid out" lineVariant="dashed">
                  <Text size="xs" c="dimmed">
                    You will be notified when it is paid or if it fails.
                  </Text>
                </Timeline.Item>
              ) : w.status === 'completed' ? (
                <Timeline.Item bullet={<IconCheck size={12} />} title="Paid" color="teal">
                  <Text size="xs" c="dimmed">
                    {w.processedAt ? when(w.processedAt) : ''} · reference {w.payoutReference}
                  </Text>
                </Timeline.Item>
              ) : (
                <Timeline.Item bullet={<IconX size={12} />} title="Failed" color="red">
                  <Text size="xs" c="dimmed">
                    {w.processedAt ? when(w.processedAt) : ''} · {w.failureReason} · the amount is back in
                    your wallet
                  </Text>
                </Timeline.Item>
              )}
            </Timeline>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
