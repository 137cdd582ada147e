import { DAY_MS, REGISTRATION_CUTOFF_MS } from '../constants.js';

export type HackathonPhase = 'upcoming' | 'open' | 'past';

/** spec 03 §4: phases derived from the clock; only published hackathons are upcoming or open. */
export function hackathonPhase(
  h: { status: string; startDate: string | Date; endDate: string | Date },
  now: Date,
): HackathonPhase | null {
  const start = new Date(h.startDate).getTime();
  const end = new Date(h.endDate).getTime();
  const t = now.getTime();
  if (end < t) return 'past';
  if (h.status !== 'published') return null;
  if (start > t) return 'upcoming';
  return 'open';
}

/** Registration and unregistration are allowed only until 1 hour before the start. */
export function registrationOpen(startDate: string | Date, now: Date): boolean {
  return now.getTime() <= new Date(startDate).getTime() - REGISTRATION_CUTOFF_MS;
}

export function registrationDeadline(startDate: string | Date): Date {
  return new Date(new Date(startDate).getTime() - REGISTRATION_CUTOFF_MS);
}

/**
 * The duration a hackathon's dates give ("36 hours", "3 days", "2 weeks"): derived, so the page can
 * never say "1 week" for a Nov 24–26 event. Under 3 days in hours (hackathons are counted in hours),
 * then whole days, whole weeks from 14 days on, months from 60 days on.
 */
export function hackathonDuration(startDate: string | Date, endDate: string | Date): string | null {
  const ms = new Date(endDate).getTime() - new Date(startDate).getTime();
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const hours = Math.round(ms / 3_600_000);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (hours < 72) return plural(Math.max(hours, 1), 'hour');
  const days = Math.round(ms / DAY_MS);
  if (days < 14) return plural(days, 'day');
  if (days < 60) return days % 7 === 0 ? plural(days / 7, 'week') : plural(days, 'day');
  return plural(Math.round(days / 30), 'month');
}
