import { plural } from '@agora/shared';
import { Badge } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "2 days left", "5 hours left", "12 minutes left": the whole units left until `deadline`; null once past. */
export function countdownText(deadline: string, now: number): string | null {
  const ms = new Date(deadline).getTime() - now;
  if (!(ms > 0)) return null;
  if (ms >= DAY) return `${plural(Math.floor(ms / DAY), 'day')} left`;
  if (ms >= HOUR) return `${plural(Math.floor(ms / HOUR), 'hour')} left`;
  if (ms >= MINUTE) return `${plural(Math.floor(ms / MINUTE), 'minute')} left`;
  return 'Less than a minute left';
}

export interface EscrowCountdownProps {
  /** The escrow deadline (ISO) of a reward still held. */
  deadline: string;
}

/**
 * The time left to win a held reward, on a question card: the bounty board's "ending soon". It
 * refreshes every minute, and disappears once the deadline passes (the reward is then settled).
 */
export function EscrowCountdown({ deadline }: EscrowCountdownProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), MINUTE);
    return () => window.clearInterval(id);
  }, []);
  const text = countdownText(deadline, now);
  if (!text) return null;
  const soon = new Date(deadline).getTime() - now < DAY;
  return (
    <Badge
      variant="light"
      size="sm"
      color={soon ? 'red' : 'yellow'}
      leftSection={<IconHourglass size={12} aria-hidden />}
      title={`Reward deadline: ${new Date(deadline).toLocaleString('en-US')}`}
    >
      <time dateTime={deadline}>{text}</time>
    </Badge>
  );
}
