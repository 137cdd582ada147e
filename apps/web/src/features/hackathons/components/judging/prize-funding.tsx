import type { Hackathon } from '@agora/shared';
import { Paper, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../lib/format';
import { formatRupees, prizeEscrowOf } from '../../lib/prize';

/** The prize pool held through Agora: what is held, paid out or refunded. */
export function PrizeFunding({ hackathon: h }: { hackathon: Hackathon }) {
  const escrow = prizeEscrowOf(h);
  if (!escrow) return null;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="prize-title">
      <Title order={3} id="prize-title" mb="xs">
        Prize pool
      </Title>
      <Text data-testid="prize-escrow">
        {escrow.state === 'held'
          ? `${formatRupees(escrow.amount)} in escrow since ${formatDateTime(escrow.heldAt)}`
          : escrow.state === 'paid'
            ? `${formatRupees(escrow.amount)} paid to the winners' wallets`
            : `${formatRupees(escrow.amount)} refunded to your wallet`}
      </Text>
      {escrow.state === 'held' ? (
        <Text size="sm" c="dimmed">
          At publication you split it among the places; each place’s share is divided equally among that
          team’s members. Unpublished 30 days after the end, it comes back to your wallet.
        </Text>
      ) : null}
    </Paper>
  );
}
