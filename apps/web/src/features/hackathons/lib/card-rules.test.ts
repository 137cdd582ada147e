import { describe, expect, it } from 'vitest';
import { cardButtonDisabled, cardButtonLabel, type CardState, truncate150 } from './card-rules';

const HOUR = 3_600_000;
const now = Date.parse('2030-06-01T12:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();
const state = (over: Partial<CardState>): CardState => ({
  tab: 'upcoming',
  startDate: at(5 * HOUR),
  endDate: at(50 * HOUR),
  isRegistered: false,
  busy: false,
  now,
  ...over,
});

describe('hackathon card button (spec 03 §2)', () => {
  it('offers Join Hackathon before the cut-off and Registration Closed inside the last hour', () => {
    expect(cardButtonLabel(state({}))).toBe('Join Hackathon');
    expect(cardButtonDisabled(state({}))).toBe(false);
    const closing = state({ startDate: at(59 * 60_000) });
    expect(cardButtonLabel(closing)).toBe('Registration Closed');
    expect(cardButtonDisabled(closing)).toBe(true);
    expect(cardButtonLabel(state({ startDate: at(61 * 60_000) }))).toBe('Join Hackathon');
  });

  it('shows View & Submit on the open tab, while running, or when registered', () => {
    expect(cardButtonLabel(state({ tab: 'open', startDate: at(-HOUR) }))).toBe('View & Submit');
    expect(cardButtonLabel(state({ startDate: at(-HOUR) }))).toBe('View & Submit');
    const registered = state({ isRegistered: true, startDate: at(30 * 60_000) });
    expect(cardButtonLabel(registered)).toBe('View & Submit');
    expect(cardButtonDisabled(registered)).toBe(false);
  });

  it('shows View Details once ended, disabled for non-registered users off the open tab', () => {
    const past = state({ tab: 'past', startDate: at(-50 * HOUR), endDate: at(-HOUR) });
    expect(cardButtonLabel(past)).toBe('View Details');
    expect(cardButtonDisabled(past)).toBe(true);
    expect(cardButtonDisabled({ ...past, isRegistered: true })).toBe(false);
  });

  it('reads Joining... and is disabled while busy', () => {
    const busy = state({ busy: true });
    expect(cardButtonLabel(busy)).toBe('Joining...');
    expect(cardButtonDisabled(busy)).toBe(true);
  });

  it('offers the organiser View Details on their own card, never a join prompt, always enabled', () => {
    const cases: Partial<CardState>[] = [
      {},
      { startDate: at(59 * 60_000) },
      { tab: 'open', startDate: at(-HOUR) },
      { tab: 'past', startDate: at(-50 * HOUR), endDate: at(-HOUR) },
    ];
    for (const over of cases) {
      const own = state({ ...over, isOrganizer: true });
      expect(cardButtonLabel(own)).toBe('View Details');
      expect(cardButtonDisabled(own)).toBe(false);
    }
    // Everyone else is still offered to join.
    expect(cardButtonLabel(state({ isOrganizer: false }))).toBe('Join Hackathon');
  });

  it('cuts descriptions at 150 characters', () => {
    expect(truncate150('a'.repeat(150))).toBe('a'.repeat(150));
    expect(truncate150('a'.repeat(151))).toBe(`${'a'.repeat(150)}…`);
  });
});
