import { relativeTime } from '@agora/shared';
import { useEffect, useState } from 'react';

export interface RelativeTimeProps {
  date: string | Date;
  /** Appended to relative labels only, e.g. " ago" → "5m ago" but "Jan 2, 2026". */
  suffix?: string;
}

/**
 * spec 01 §9: now, Nm, Nh, Nd under 30 days, then a US English short date. The exact time is in
 * the title, the machine-readable one in dateTime; the label refreshes every minute.
 */
export function RelativeTime({ date, suffix = '' }: RelativeTimeProps) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return null;
  const label = relativeTime(d, now);
  const isRelative = /^\d+[mhd]$/.test(label);
  return (
    <time dateTime={d.toISOString()} title={d.toLocaleString('en-US')}>
      {label}
      {isRelative ? suffix : ''}
    </time>
  );
}
