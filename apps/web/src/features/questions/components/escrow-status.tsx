import type { EscrowInfo } from '@agora/shared';
import { Badge, Group, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { rupees } from '../../../lib/money';

/** "3d 4h", "5h 12m", "42s": the time left until `deadline`, never negative. */
export function timeLeft(deadline: string, now: number): string {
  const ms = Math.max(0, new Date(deadline).getTime() - now);
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}

const date = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const LABEL: Record<EscrowInfo['state'], string> = {
  held: 'Held in escrow',
  distributed: 'Distributed',
  'auto-distributed': 'Auto-distributed',
  refunded: 'Refunded',
};

/**
 * Where a paid reward is: held with a live countdown to its deadline, or how and when it
 * was settled. `author` words the countdown for the asker (who can still distribute it).
 */
export function EscrowStatus({ escrow, author }: { escrow: EscrowInfo; author: boolean }) {
  const held = escrow.state === 'held';
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!held) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [held]);
  const due = new Date(escrow.deadline).getTime() <= now;
  return (
    <Group gap="xs" wrap="wrap" data-testid="escrow-status" data-state={escrow.state}>
      <Badge
        variant="light"
        size="sm"
        color={held ? 'teal' : escrow.state === 'refunded' ? 'orange' : 'gray'}
        leftSection={held ? <IconLock size={12} aria-hidden /> : <IconLockOpen size={12} aria-hidden />}
      >
        {LABEL[escrow.state]} · {rupees(escrow.amount)}
      </Badge>
      <Text size="xs" c="dimmed">
        {held
          ? due
            ? 'Deadline passed: settling automatically now'
            : author
              ? `${timeLeft(escrow.deadline, now)} left to distribute (until ${date(escrow.deadline)}); then it goes to the answer ranked first`
              : `Paid out by ${date(escrow.deadline)} at the latest (${timeLeft(escrow.deadline, now)} left)`
          : escrow.state === 'refunded'
            ? `Nobody answered: refunded to the asker on ${date(escrow.settledAt ?? escrow.deadline)}`
            : `Paid out on ${date(escrow.settledAt ?? escrow.deadline)}`}
      </Text>
    </Group>
  );
}
