import type { HackathonTab } from '@agora/shared';
import { REGISTRATION_CUTOFF_MS } from '@agora/shared';

export interface CardState {
  tab: HackathonTab;
  startDate: string;
  endDate: string;
  isRegistered: boolean;
  /** The viewer organises this hackathon (spec 03 §4: organizers are not shown join prompts). */
  isOrganizer?: boolean;
  busy: boolean;
  now: number;
}

export type CardLabel =
  | 'Joining...'
  | 'View & Submit'
  | 'View Details'
  | 'Registration Closed'
  | 'Join Hackathon';

/**
 * spec 03 §2: the card button's label, checked in the spec's order. The organiser never joins nor
 * submits (spec 03 §4): their own card always reads View Details.
 */
export function cardButtonLabel(s: CardState): CardLabel {
  const start = Date.parse(s.startDate);
  const end = Date.parse(s.endDate);
  const running = start <= s.now && s.now <= end;
  if (s.isOrganizer) return 'View Details';
  if (s.busy) return 'Joining...';
  if (s.tab === 'open' || running || s.isRegistered) return 'View & Submit';
  if (end < s.now) return 'View Details';
  if (registrationClosed(s)) return 'Registration Closed';
  return 'Join Hackathon';
}

/** Start passed without a registration, or inside the last hour before the start. */
function registrationClosed(s: CardState): boolean {
  const start = Date.parse(s.startDate);
  return (start <= s.now && !s.isRegistered) || s.now > start - REGISTRATION_CUTOFF_MS;
}

/**
 * spec 03 §2: disabled while joining, or on a non-open tab when the user is not registered,
 * registration is closed and the event is not running.
 */
export function cardButtonDisabled(s: CardState): boolean {
  const start = Date.parse(s.startDate);
  const end = Date.parse(s.endDate);
  const running = start <= s.now && s.now <= end;
  if (s.isOrganizer) return false;
  if (s.busy) return true;
  return s.tab !== 'open' && !s.isRegistered && registrationClosed(s) && !running;
}

/** spec 03 §9: organized and participated card descriptions are cut at 150 characters. */
export function truncate150(text: string): string {
  return text.length > 150 ? `${text.slice(0, 150).trimEnd()}…` : text;
}
