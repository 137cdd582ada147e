import type { Hackathon, PrizeEscrow } from '@agora/shared';
import { rupees, rupeesShort } from '../../../lib/money';

/** Paise → "₹5,000", or "₹5,000.50" when there are paise. */
export function formatRupees(paise: number): string {
  return paise % 100 === 0 ? rupeesShort(paise) : rupees(paise);
}

/** The prize pool paid in through Agora for a hackathon (null: none). */
export function prizeEscrowOf(h: Hackathon): PrizeEscrow | null {
  return h.prizeEscrow ?? null;
}

/** "₹X in escrow" while held, "₹X paid to the winners" once split; null without a pool. */
export function escrowLabel(h: Hackathon): string | null {
  const e = prizeEscrowOf(h);
  if (!e) return null;
  if (e.state === 'held') return `${formatRupees(e.amount)} in escrow`;
  if (e.state === 'paid') return `${formatRupees(e.amount)} paid to the winners`;
  return null;
}
