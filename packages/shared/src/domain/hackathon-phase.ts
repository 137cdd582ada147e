import { REGISTRATION_CUTOFF_MS } from '../constants.js';

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
