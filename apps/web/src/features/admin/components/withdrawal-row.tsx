import type { AdminWithdrawal } from '@agora/shared';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { rupees } from '../../../lib/money';
import { age, ageColor, shortDateTime } from '../lib/format';
import { WithdrawalPayout } from './withdrawal-payout';
import classes from './withdrawals.module.css';

const statusColor: Record<string, string> = { pending: 'yellow', completed: 'green', failed: 'red' };

export type WithdrawalDecision = 'complete' | 'fail';

interface WithdrawalRowProps {
  w: AdminWithdrawal;
  /** The admin chose to mark the pending withdrawal paid or failed (a dialog confirms it). */
  onDecide: (decision: WithdrawalDecision) => void;
}

/** One withdrawal request: who, how much, where to, how long it has waited, and its outcome. */
export function WithdrawalRow({ w, onDecide }: WithdrawalRowProps) {
  return (
    <Table.Tr data-testid={`withdrawal-${w.user.email}`}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {w.user.displayName}
        </Text>
        <Text size="xs" c="dimmed">
          {w.user.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {rupees(w.amount)}
        </Text>
      </Table.Td>
      <Table.Td miw={200} maw={280}>
        <WithdrawalPayout w={w} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" className={classes.nowrap}>
          {shortDateTime(w.createdAt)}
        </Text>
        {w.status === 'pending' ? (
          <Group gap={4}>
            <Badge size="sm" variant="light" color={w.pastSla ? 'red' : ageColor(w.ageMinutes)} tt="none">
              waiting {age(w.ageMinutes)}
            </Badge>
            {w.pastSla ? (
              <Badge size="sm" color="red" variant="filled" tt="none" data-testid="past-sla">
                Past payout SLA
              </Badge>
            ) : null}
          </Group>
        ) : null}
        {w.testMode ? (
          <Badge size="sm" color="yellow" variant="outline" tt="none">
            Test mode · no real payout
          </Badge>
        ) : null}
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        <Badge color={statusColor[w.status]} variant="light">
          {w.status}
        </Badge>
        {w.payoutReference ? (
          <Text size="xs" c="dimmed">
            Ref {w.payoutReference}
          </Text>
        ) : null}
        {w.failureReason ? (
          <Text size="xs" c="red.8">
            {w.failureReason}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {w.status === 'pending' ? (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-sm" color="green" onClick={() => onDecide('complete')}>
              Mark paid
            </Button>
            <Button size="compact-sm" variant="light" color="red" onClick={() => onDecide('fail')}>
              Mark failed
            </Button>
          </Group>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
