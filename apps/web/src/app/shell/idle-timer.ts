/**
 * Inactivity timing of spec 01 §4: a warning `warningMs` before `timeoutMs` of inactivity, a
 * countdown refreshed every second, activity resetting the timer, expiry logging out.
 *
 * The last activity is shared through localStorage so that a user active in one tab is not logged
 * out by another idle tab (a logout clears the shared session, so it would hit every tab).
 * Framework-free so the rules can be tested with fake timers.
 */
export const LAST_ACTIVITY_KEY = 'lastActivityAt';

export type IdlePhase = 'active' | 'warning' | 'expired';

export interface IdleTimerOptions {
  timeoutMs: number;
  warningMs: number;
  now?: () => number;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

/** Writes of the shared timestamp are throttled: activity events fire many times a second. */
const SHARE_EVERY_MS = 5_000;

export class IdleTimer {
  private last: number;
  private lastShared = 0;
  private readonly now: () => number;
  private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;

  constructor(private opts: IdleTimerOptions) {
    this.now = opts.now ?? Date.now;
    this.storage = opts.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
    this.last = this.now();
    this.share(true);
  }

  setTimeout(timeoutMs: number): void {
    this.opts = { ...this.opts, timeoutMs };
  }

  get warningStartsAfterMs(): number {
    return Math.max(0, this.opts.timeoutMs - this.opts.warningMs);
  }

  /** User activity. Ignored while the warning shows: only Stay Logged In dismisses it. */
  activity(): void {
    if (this.phase() !== 'active') return;
    this.last = this.now();
    this.share(false);
  }

  /** Stay Logged In (after the server accepted the keepalive), or a fresh login. */
  extend(): void {
    this.last = this.now();
    this.share(true);
  }

  /** Another tab reported activity. */
  sync(): void {
    const shared = Number(this.storage?.getItem(LAST_ACTIVITY_KEY));
    if (Number.isFinite(shared) && shared > this.last && shared <= this.now()) this.last = shared;
  }

  remainingMs(): number {
    this.sync();
    return this.last + this.opts.timeoutMs - this.now();
  }

  phase(): IdlePhase {
    const left = this.remainingMs();
    if (left <= 0) return 'expired';
    if (left <= this.opts.warningMs) return 'warning';
    return 'active';
  }

  /** Whole seconds left, for the countdown. */
  secondsLeft(): number {
    return Math.max(0, Math.ceil(this.remainingMs() / 1000));
  }

  private share(force: boolean): void {
    const t = this.last;
    if (!force && t - this.lastShared < SHARE_EVERY_MS) return;
    this.lastShared = t;
    try {
      this.storage?.setItem(LAST_ACTIVITY_KEY, String(t));
    } catch {
      // storage full or blocked: each tab keeps its own timer
    }
  }
}

/** 125 → "2:05". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
