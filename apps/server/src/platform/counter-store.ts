import { Redis } from 'ioredis';

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

export class RedisCounterStore implements CounterStore {
  constructor(
    readonly redis: Redis,
    private prefix = 'agora:',
  ) {}
  async incr(key: string, windowMs: number) {
    const k = this.prefix + key;
    const res = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
    const count = Number(res?.[0]?.[1] ?? 0);
    const ttl = Number(res?.[2]?.[1] ?? windowMs);
    return { count, ttlMs: ttl > 0 ? ttl : windowMs };
  }
  async get(key: string) {
    const k = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
    return { count: Number(count ?? 0), ttlMs: Math.max(0, Number(ttl)) };
  }
  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }
  async close() {}
}

export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
}
