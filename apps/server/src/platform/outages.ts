import { describeDatabaseError, isConnectionError, pgErrorCode } from '../db/client.js';

/** A part the API cannot answer without. */
export type Dependency = 'database' | 'redis';

export interface OutageLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The database is there but its tables are not: a relation, a schema or the database itself is
 * missing (re-created empty, restored half-way). No route can answer, so it is an outage, not a bug.
 */
const MISSING_SCHEMA_CODES = new Set(['42P01', '3F000', '3D000']);

/**
 * What ioredis says when a command cannot reach Redis: disconnected with the offline queue off, no
 * reply within `commandTimeout`, the connection dropped under it, the retries per request used up.
 */
const REDIS_DOWN_MESSAGE =
  /Stream isn't writeable|enableOfflineQueue|Command timed out|Connection is closed|max retries per request/i;
/** Replies of a Redis that is up but cannot serve yet (loading its data set, a replica, out of disk). */
const REDIS_DOWN_REPLY = /^(LOADING|MASTERDOWN|READONLY|MISCONF|CLUSTERDOWN|TRYAGAIN)\b/;

/** Thrown by our own Redis-backed stores, so the cause is known without reading its message. */
export class RedisUnavailableError extends Error {
  readonly dependency = 'redis' as const;
  constructor(cause: unknown) {
    super(`redis unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'RedisUnavailableError';
  }
}

/** True when an error (or its cause chain) says a Redis command could not be served. */
export function isRedisUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e instanceof RedisUnavailableError) return true;
    const { name, message } = e as { name?: string; message?: string };
    if (name === 'MaxRetriesPerRequestError') return true;
    if (REDIS_DOWN_MESSAGE.test(String(message ?? ''))) return true;
    if (name === 'ReplyError' && REDIS_DOWN_REPLY.test(String(message ?? ''))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Which dependency an error says is unavailable, or null when it is some other failure. */
export function unavailableDependency(err: unknown): Dependency | null {
  if (!err || typeof err !== 'object') return null;
  // Redis first: ioredis and pg share socket error codes (ECONNREFUSED), our wrapper does not.
  if (isRedisUnavailable(err)) return 'redis';
  if (isConnectionError(err)) return 'database';
  const code = pgErrorCode(err);
  if (code && MISSING_SCHEMA_CODES.has(code)) return 'database';
  return null;
}

/** The innermost reason, one line: never a query's parameters (Drizzle puts them in its message). */
function reasonOf(dependency: Dependency, err: unknown, databaseUrl: string | null): string {
  if (dependency === 'database') return describeDatabaseError(err, databaseUrl).split('\n')[0]!;
  let e = err as { cause?: unknown; message?: string } | undefined;
  if (e instanceof RedisUnavailableError) e = e.cause as typeof e;
  return String(e?.message ?? err).split('\n')[0]!;
}

interface State {
  down: boolean;
  since: number;
  reason: string;
  timer: NodeJS.Timeout | null;
  probing: boolean;
}

/**
 * Knows whether the database and Redis are reachable, and says so in the log once per outage: one
 * error line when it starts ("redis unavailable: <reason>"), one info line when it ends — however
 * many requests and background runs fail meanwhile. Everything that meets a failure reports it
 * here (`absorb`) instead of logging it itself.
 *
 * The end of an outage is found by a probe every `probeMs` while it lasts (and by Redis's own
 * reconnection, `recovered`), not by waiting for a request to succeed: the recovery line is
 * written even with no traffic, and a load balancer that took the instance out still sees it come back
 * through readiness.
 */
export class Outages {
  private readonly states = new Map<Dependency, State>();
  private closed = false;

  constructor(
    private readonly log: OutageLog,
    private readonly probes: Partial<Record<Dependency, () => Promise<void>>>,
    private readonly opts: { databaseUrl?: string | null; probeMs?: number } = {},
  ) {}

  isDown(dependency: Dependency): boolean {
    return this.states.get(dependency)?.down ?? false;
  }

  /** Records that `dependency` failed; the first failure of an outage is logged, the rest are not. */
  failed(dependency: Dependency, err: unknown): void {
    if (this.closed) return;
    let s = this.states.get(dependency);
    if (!s) {
      s = { down: false, since: 0, reason: '', timer: null, probing: false };
      this.states.set(dependency, s);
    }
    if (s.down) return;
    s.down = true;
    s.since = Date.now();
    s.reason = reasonOf(dependency, err, this.opts.databaseUrl ?? null);
    this.log.error({ dependency, reason: s.reason }, `${dependency} unavailable: ${s.reason}`);
    const probe = this.probes[dependency];
    if (probe) {
      s.timer = setInterval(() => {
        if (s.probing) return;
        s.probing = true;
        probe().then(
          () => {
            s.probing = false;
            this.recovered(dependency);
          },
          () => {
            s.probing = false;
          },
        );
      }, this.opts.probeMs ?? 1000);
      s.timer.unref();
    }
  }

  /** Records that `dependency` answers again; logged once if it was down. */
  recovered(dependency: Dependency): void {
    const s = this.states.get(dependency);
    if (!s?.down || this.closed) return;
    s.down = false;
    if (s.timer) clearInterval(s.timer);
    s.timer = null;
    this.log.info(
      { dependency, downMs: Date.now() - s.since, reason: s.reason },
      `${dependency} available again`,
    );
  }

  /**
   * True (and recorded) when `err` says the database or Redis is unavailable: the caller then logs
   * nothing of its own. False for every other error, which the caller logs as before.
   */
  absorb(err: unknown): boolean {
    const dependency = unavailableDependency(err);
    if (!dependency) return false;
    this.failed(dependency, err);
    return true;
  }

  /** Stops the probes; nothing is logged afterwards (shutdown closes the connections on purpose). */
  close(): void {
    this.closed = true;
    for (const s of this.states.values()) if (s.timer) clearInterval(s.timer);
  }
}
