import type { AdminWithdrawal } from '@agora/shared';
import { Button, Code, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { usePayoutDetails } from '../api/admin-actions';
import classes from './withdrawals.module.css';

/**
 * The destination recorded with the request, for the withdrawal's own method (masked); the full
 * account number is fetched (and audited) only when asked for.
 */
export function WithdrawalPayout({ w }: { w: AdminWithdrawal }) {
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
        <Text size="sm" className={classes.breakWord}>
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
