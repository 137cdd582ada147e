import { ADMIN_MESSAGES, type AdminWithdrawal, TEST_MODE_TEXT } from '@agora/shared';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { usePayoutDetails, useProcessWithdrawal } from '../api/admin-actions';
import { usePaymentsMode } from '../../../lib/settings';
import { usePagedList } from '../api/use-paged-list';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ListFrame } from '../components/list-frame';
import { SearchInput } from '../components/search-input';
import { rupees } from '../../../lib/money';
import { age, ageColor, shortDateTime } from '../lib/format';

const STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
  { value: 'all', label: 'All' },
];
const statusColor: Record<string, string> = { pending: 'yellow', completed: 'green', failed: 'red' };

/**
 * The destination recorded with the request, for the withdrawal's own method (masked); the full
 * account number is fetched (and audited) only when asked for.
 */
function Payout({ w }: { w: AdminWithdrawal }) {
  const [reveal, setReveal] = useState(false);
  const details = usePayoutDetails(w._id, reveal);
  const bank = w.payoutMethod === 'bank';
  const masked = !bank
    ? w.payout.upiId
      ? `UPI ${w.payout.upiId}`
      : '—'
    : w.payout.bankAccountLast4
      ? `${w.payout.bankName ?? 'Bank'} ····${w.payout.bankAccountLast4} · ${w.payout.ifsc ?? ''}`
      : '—';
  if (!reveal || !bank) {
    return (
      <Stack gap={2}>
        <Text size="sm" style={{ overflowWrap: 'break-word' }}>
          {masked}
        </Text>
        {bank && w.payout.accountHolderName ? (
          <Text size="xs" c="dimmed">
            {w.payout.accountHolderName}
          </Text>
        ) : null}
        {bank && w.payout.bankAccountLast4 && w.status === 'pending' ? (
          <Button size="compact-xs" variant="subtle" onClick={() => setReveal(true)} w="fit-content" px={0}>
            Show full account number
          </Button>
        ) : null}
      </Stack>
    );
  }
  if (details.isLoading) return <Loader size="xs" aria-label="Loading payout details" />;
  if (details.error)
    return (
      <Text size="sm" c="red">
        {errorMessage(details.error, 'Could not load')}
      </Text>
    );
  const b = details.data?.bankAccount;
  return b ? (
    <Stack gap={2}>
      <Code>{b.accountNumber}</Code>
      <Text size="xs">
        {b.bankName} · IFSC {b.ifsc} · {b.accountHolderName}
      </Text>
    </Stack>
  ) : (
    <Text size="sm">—</Text>
  );
}

export function WithdrawalsPage() {
  const [status, setStatus] = useState('pending');
  const [q, setQ] = useState('');
  const list = usePagedList<AdminWithdrawal>('withdrawals', '/api/admin/withdrawals', {
    status,
    q: q || undefined,
  });
  const process = useProcessWithdrawal();
  const [pending, setPending] = useState<{ w: AdminWithdrawal; decision: 'complete' | 'fail' } | null>(null);
  const mode = usePaymentsMode();

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          Withdrawals
        </Title>
        <SegmentedControl value={status} onChange={setStatus} data={STATUSES} size="xs" aria-label="Status" />
      </Group>
      {mode.data?.testMode ? (
        <Alert color="yellow" variant="light" title="Test mode" data-testid="withdrawals-test-mode">
          {TEST_MODE_TEXT.adminWithdrawals}
        </Alert>
      ) : null}
      <Group align="flex-end" gap="sm">
        <SearchInput label="Search" placeholder="User name or e-mail" onSearch={setQ} />
      </Group>
      <ListFrame
        list={list}
        label="Withdrawals"
        empty={status === 'pending' ? 'No withdrawals waiting' : 'No withdrawals'}
        minWidth={880}
        head={
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Pay to</Table.Th>
            <Table.Th>Requested</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        }
      >
        {list.items.map((w) => (
          <Table.Tr key={w._id} data-testid={`withdrawal-${w.user.email}`}>
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
              <Payout w={w} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {shortDateTime(w.createdAt)}
              </Text>
              {w.status === 'pending' ? (
                <Group gap={4}>
                  <Badge
                    size="sm"
                    variant="light"
                    color={w.pastSla ? 'red' : ageColor(w.ageMinutes)}
                    tt="none"
                  >
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
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
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
                  <Button
                    size="compact-sm"
                    color="green"
                    onClick={() => setPending({ w, decision: 'complete' })}
                  >
                    Mark paid
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    onClick={() => setPending({ w, decision: 'fail' })}
                  >
                    Mark failed
                  </Button>
                </Group>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </ListFrame>
      <ConfirmDialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={
          pending?.decision === 'complete'
            ? 'Mark this withdrawal as paid?'
            : 'Mark this withdrawal as failed?'
        }
        confirmLabel={pending?.decision === 'complete' ? 'Mark paid' : 'Mark failed'}
        color={pending?.decision === 'complete' ? 'green' : 'red'}
        field={
          pending?.decision === 'complete'
            ? {
                label: 'Payout reference (UTR or transaction id)',
                placeholder: 'e.g. UTR 4123 5678 9012',
                requiredMessage: ADMIN_MESSAGES.payoutReferenceRequired,
                maxLength: 100,
              }
            : {
                label: 'Reason (shown to the user)',
                placeholder: 'e.g. The UPI id is not active',
                requiredMessage: ADMIN_MESSAGES.reasonRequired,
                maxLength: 500,
                multiline: true,
              }
        }
        onConfirm={(text) => process.mutateAsync({ id: pending!.w._id, decision: pending!.decision, text })}
      >
        {pending ? (
          pending.decision === 'complete' ? (
            <>
              Confirm that {rupees(pending.w.amount)} has been sent to {pending.w.user.displayName}. They will
              be notified.
            </>
          ) : (
            <>
              {rupees(pending.w.amount)} goes back to {pending.w.user.displayName}'s wallet, and they are
              notified with your reason.
            </>
          )
        ) : null}
      </ConfirmDialog>
    </Stack>
  );
}
