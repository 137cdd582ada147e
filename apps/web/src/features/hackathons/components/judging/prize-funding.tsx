import { type Hackathon, PrizeOrderBody } from '@agora/shared';
import { Button, Group, NumberInput, Paper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { wholeRupees } from '../../../../lib/money';
import { PaymentStep } from '../../../payments/components/payment-step';
import { formatDateTime } from '../../lib/format';
import { formatRupees, prizeEscrowOf } from '../../lib/prize';
import { showErrorToast } from '../../../../lib/toasts';

/** The prize pool held through Agora: fund it (approved, results not out), or see it held, paid or refunded. */
export function PrizeFunding({ hackathon: h }: { hackathon: Hackathon }) {
  const escrow = prizeEscrowOf(h);
  const [amount, setAmount] = useState<number | string>('');
  const [paying, setPaying] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canFund = !escrow && h.isOrganizer && h.status === 'published' && h.resultsPublishedAt === null;
  if (!escrow && !canFund) return null;

  const start = () => {
    const parsed = PrizeOrderBody.safeParse({ amount: Number(amount) });
    if (!parsed.success || !amount) {
      setError(parsed.success ? 'Enter the prize amount in rupees' : (parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError(null);
    setPaying(parsed.data.amount);
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="prize-title">
      <Title order={3} id="prize-title" mb="xs">
        Prize pool
      </Title>
      {escrow ? (
        <Text data-testid="prize-escrow">
          {escrow.state === 'held'
            ? `${formatRupees(escrow.amount)} in escrow since ${formatDateTime(escrow.heldAt)}`
            : escrow.state === 'paid'
              ? `${formatRupees(escrow.amount)} paid to the winners' wallets`
              : `${formatRupees(escrow.amount)} refunded to your wallet`}
        </Text>
      ) : (
        <Group align="flex-end" gap="xs" wrap="wrap">
          <NumberInput
            label="Prize pool (₹)"
            min={1}
            allowDecimal={false}
            value={amount}
            onChange={setAmount}
            error={error}
            w={200}
          />
          <Button onClick={start}>Fund the prize pool</Button>
        </Group>
      )}
      <Text size="sm" c="dimmed" mt="xs">
        Held by Agora until you publish the results; then each place’s share is divided equally among that
        team’s members and paid to their wallets. Unpublished 30 days after the end, it comes back to your
        wallet.
      </Text>
      {paying !== null ? (
        <PaymentStep
          hackathonId={h._id}
          amountRupees={paying}
          onPaid={() => {
            notifications.show({
              color: 'green',
              title: 'Prize pool funded',
              message: `${wholeRupees(paying)} is held in escrow.`,
            });
            // The verification refreshed the hackathon (useVerifyPayment): the pool shows as held.
            setPaying(null);
          }}
          onError={(title, message) => {
            showErrorToast({ title, message });
            setPaying(null);
          }}
          onCancel={() => setPaying(null)}
        />
      ) : null}
    </Paper>
  );
}
