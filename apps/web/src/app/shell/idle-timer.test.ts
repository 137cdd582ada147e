import { beforeEach, describe, expect, it } from 'vitest';
import { formatCountdown, IdleTimer, LAST_ACTIVITY_KEY } from './idle-timer';

const MIN = 60_000;

function setup(timeoutMs = 20 * MIN) {
  let now = 1_000_000;
  const clock = {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
  const timer = new IdleTimer({ timeoutMs, warningMs: 2 * MIN, now: clock.now, storage: localStorage });
  return { timer, clock };
}

describe('IdleTimer (spec 01 §4 inactivity)', () => {
  beforeEach(() => localStorage.clear());

  it('warns 2 minutes before the 20-minute timeout and expires at 20 minutes', () => {
    const { timer, clock } = setup();
    clock.advance(18 * MIN - 1000);
    expect(timer.phase()).toBe('active');
    clock.advance(1000);
    expect(timer.phase()).toBe('warning');
    expect(timer.secondsLeft()).toBe(120);
    clock.advance(1000);
    expect(timer.secondsLeft()).toBe(119);
    clock.advance(119 * 1000);
    expect(timer.phase()).toBe('expired');
  });

  it('resets on activity before the warning, but not while the warning shows', () => {
    const { timer, clock } = setup();
    clock.advance(17 * MIN);
    timer.activity();
    clock.advance(17 * MIN);
    expect(timer.phase()).toBe('active');
    clock.advance(1 * MIN + 30_000);
    expect(timer.phase()).toBe('warning');
    timer.activity(); // a stray mouse move must not silently dismiss the warning
    expect(timer.phase()).toBe('warning');
    timer.extend(); // Stay Logged In
    expect(timer.phase()).toBe('active');
    expect(timer.remainingMs()).toBe(20 * MIN);
  });

  it('counts activity reported by another tab through localStorage', () => {
    const { timer, clock } = setup();
    clock.advance(19 * MIN);
    expect(timer.phase()).toBe('warning');
    // another tab was active a moment ago
    localStorage.setItem(LAST_ACTIVITY_KEY, String(clock.now() - 1000));
    expect(timer.phase()).toBe('active');
    expect(timer.remainingMs()).toBe(20 * MIN - 1000);
  });

  it('ignores a shared timestamp from the future (clock skew or tampering)', () => {
    const { timer, clock } = setup();
    localStorage.setItem(LAST_ACTIVITY_KEY, String(clock.now() + 60 * MIN));
    clock.advance(20 * MIN);
    expect(timer.phase()).toBe('expired');
  });

  it('shares its own activity, throttled', () => {
    const { timer, clock } = setup();
    const first = localStorage.getItem(LAST_ACTIVITY_KEY);
    clock.advance(1000);
    timer.activity();
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBe(first);
    clock.advance(5000);
    timer.activity();
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBe(String(clock.now()));
  });

  it('with a 3-minute timeout warns after 1 minute of inactivity', () => {
    const { timer, clock } = setup(3 * MIN);
    expect(timer.warningStartsAfterMs).toBe(MIN);
    clock.advance(MIN);
    expect(timer.phase()).toBe('warning');
    expect(timer.secondsLeft()).toBe(120);
  });

  it('formats the countdown as m:ss', () => {
    expect(formatCountdown(120)).toBe('2:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
