import { timeAgo } from '@agora/shared';
import { useEffect, useState } from 'react';

export interface RelativeTimeProps {
  date: string | Date;
}

/**
 * The product's one relative-time rule (shared timeAgo: 'now', '5m ago', '3h ago', '12d ago', then
 * a US English short date), used by every card, panel and comment so two places never disagree.
 * The exact time is in the title, the machine-readable one in dateTime; it refreshes every minute.
 */
// toLocaleString builds a new formatter on every call (~1 ms each on a phone, per card on a list):
// one, made on first use, with the options toLocaleString('en-US') uses.
let exactFormat: Intl.DateTimeFormat | null = null;
function exactTime(d: Date): string {
  exactFormat ??= new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return exactFormat.format(d);
}

export function RelativeTime({ date }: RelativeTimeProps) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return null;
  return (
    <time dateTime={d.toISOString()} title={exactTime(d)}>
      {timeAgo(d, now)}
    </time>
  );
}
