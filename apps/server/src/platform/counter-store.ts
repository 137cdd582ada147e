import { Redis } from 'ioredis';
import { isConnectionError } from '../db/client.js';
import { isRedisUnavailable, RedisUnavailableError } from './outages.js';

/** A fixed-window counter: shared in Redis when configured, in process otherwise. */
export interface CounterStore {
  /** Adds one to the key's window and returns the count and the ms left in the window. */
  incr(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  get(key: string): Promise<{ count: number; ttlMs: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private map = new Map<string, { count: number; expires: number }>();
  constructor(private now: () => number = Date.now) {}
  private live(key: string) {
    const e = this.map.get(key);
    if (e && e.expires <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }
  async incr(key: string, windowMs: number) {
    let e = this.live(key);
    if (!e) {
      e = { count: 0, expires: this.now() + windowMs };
      this.map.set(key, e);
      if (this.map.size > 100_000) this.sweep();
    }
    e.count++;
    return { count: e.count, ttlMs: e.expires - this.now() };
  }
  async get(key: string) {
    const e = this.live(key);
    return { count: e?.count ?? 0, ttlMs: e ? e.expires - this.now() : 0 };
  }
  async reset(key: string) {
    this.map.delete(key);
  }
  async close() {}
  private sweep() {
    const t = this.now();
    for (const [k, v] of this.map) if (v.expires <= t) this.map.delete(k);
  }
}

/**
 * Counters in Redis, shared by every instance. A command that cannot reach Redis rejects with
 * RedisUnavailableError (at once while disconnected, or after createRedis's command timeout), which
 * the error handler answers with 503 UNAVAILABLE: these counters are limits (sign-in attempts,
 * reset e-mails, per-client budgets), and a limit that cannot be counted must not become no limit.
 */
export class RedisCounterStore implements CounterStore {
  constructor(
    readonly redis: Redis,
    private prefix = 'agora:',
  ) {}
  async incr(key: string, windowMs: number) {
    const k = this.prefix + key;
    const res = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec().catch(unavailable);
    // exec() reports a command's own failure inside its result rather than rejecting.
    const failed = res?.find(([err]) => err)?.[0];
    if (failed) unavailable(failed);
    const count = Number(res?.[0]?.[1] ?? 0);
    const ttl = Number(res?.[2]?.[1] ?? windowMs);
    return { count, ttlMs: ttl > 0 ? ttl : windowMs };
  }
  async get(key: string) {
    const k = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]).catch(unavailable);
    return { count: Number(count ?? 0), ttlMs: Math.max(0, Number(ttl)) };
  }
  async reset(key: string) {
    await this.redis.del(this.prefix + key).catch(unavailable);
  }
  async close() {}
}

/** Rethrows a failure to reach Redis as RedisUnavailableError; any other error (a bug) as it is. */
const unavailable = (err: unknown): never => {
  if (err instanceof RedisUnavailableError) throw err;
  throw isRedisUnavailable(err) || isConnectionError(err) ? new RedisUnavailableError(err) : err;
};

/**
 * While Redis is unreachable every command fails at once (no offline queue: a request must not wait
 * 7-15 s for a reconnection that may never come) and a command without an answer fails after
 * half a second; the client reconnects on its own, backing off up to 2 s between attempts.
 * `onError` receives every connection error (an 'error' listener must exist, or ioredis reports
 * "Unhandled error event" on each reconnection attempt); `onReady` each (re)connection.
 */
export function createRedis(
  url: string,
  events: { onError?: (err: Error) => void; onReady?: () => void } = {},
): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1000,
    commandTimeout: 500,
    // An INCR cut off by a dropped connection is answered 503, not sent again after reconnecting
    // (it may have been counted already).
    autoResendUnfulfilledCommands: false,
    retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times - 1, 5), 2000),
  });
  redis.on('error', (err: Error) => events.onError?.(err));
  redis.on('ready', () => events.onReady?.());
  return redis;
}

/** Resolves once `redis` is connected, or after `ms` (it keeps connecting in the background). */
export function redisConnected(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    redis.once('ready', done);
  });
}
