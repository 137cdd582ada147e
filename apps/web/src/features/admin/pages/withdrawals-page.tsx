import { type AdminWithdrawal, TEST_MODE_TEXT } from '@agora/shared';
import { Alert, Group, SegmentedControl, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { usePaymentsMode } from '../../../lib/settings';
import { usePagedList } from '../api/use-paged-list';
import { ListFrame } from '../components/list-frame';
import { SearchInput } from '../components/search-input';
import { WithdrawalDecisionDialog } from '../components/withdrawal-decision-dialog';
import { type WithdrawalDecision, WithdrawalRow } from '../components/withdrawal-row';

const STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
  { value: 'all', label: 'All' },
];

/** The admin withdrawals screen: requests by status, searched by user, each marked paid or failed. */
export function WithdrawalsPage() {
  const [status, setStatus] = useState('pending');
  const [q, setQ] = useState('');
  const list = usePagedList<AdminWithdrawal>('withdrawals', '/api/admin/withdrawals', {
    status,
    q: q || undefined,
  });
  const [pending, setPending] = useState<{ w: AdminWithdrawal; decision: WithdrawalDecision } | null>(null);
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
          <WithdrawalRow key={w._id} w={w} onDecide={(decision) => setPending({ w, decision })} />
        ))}
      </ListFrame>
      <WithdrawalDecisionDialog pending={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}
