const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** US English short date, e.g. "Nov 21, 2026" (spec: dates in US English short format). */
export function shortDate(iso: string | Date): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** spec 01 §9: now, Nm, Nh, Nd under 30 days, then a US English short date. */
export function relativeTime(iso: string | Date, now: Date = new Date()): string {
  const diff = Math.max(0, now.getTime() - new Date(iso).getTime());
  if (diff < MINUTE) return 'now';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h`;
  if (diff < 30 * DAY) return `${Math.floor(diff / DAY)}d`;
  return shortDate(iso);
}

/**
 * The one relative-time rule of the product (cards, panels, comments, lists): 'now', then
 * '5m ago', '3h ago', '12d ago' under 30 days, then a US English short date. Built on
 * relativeTime, so the question panel and the question card never disagree ("today" vs "1h ago").
 */
export function timeAgo(iso: string | Date, now: Date = new Date()): string {
  const label = relativeTime(iso, now);
  return /^\d+[mhd]$/.test(label) ? `${label} ago` : label;
}
