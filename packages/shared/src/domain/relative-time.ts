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

/** spec 01 §2 question detail: relative age in days, months, years. */
export function relativeAge(iso: string | Date, now: Date = new Date()): string {
  const days = Math.floor(Math.max(0, now.getTime() - new Date(iso).getTime()) / DAY);
  if (days === 0) return 'today';
  if (days < 30) return `${days} day${days === 1 ? '' : 's'} ago`;
  if (days < 365) {
    // 360–364 days are still months (11), never "0 years".
    const months = Math.min(11, Math.floor(days / 30));
    return `${months} month${months === 1 ? '' : 's'} ago`;
  }
  const years = Math.floor(days / 365);
  return `${years} year${years === 1 ? '' : 's'} ago`;
}
