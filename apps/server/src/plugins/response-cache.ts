import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import {
  acceptedEncoding,
  COMPRESS_THRESHOLD,
  COMPRESSIBLE_TYPES,
  compressBody,
  type Encoding,
} from '../lib/compression.js';
import { turnEnd } from '../lib/turn-end.js';
import type { Outages } from '../platform/outages.js';
import { type ViewCounts, type ViewedTable, viewerKey } from '../platform/view-counts.js';

/**
 * Public list responses for anonymous visitors, kept in memory: the busiest pages are
 * the same few lists for everyone, and answering them from memory costs a tenth of a database
 * round trip plus serialisation.
 *
 * Correctness rules:
 * - Only GET routes that declare `config.cache`, only without an Authorization header (a signed-in
 *   caller's responses can differ — liked, registered — and they always see their own writes),
 *   only 200 responses. The key is the route, its params and its *validated* query.
 * - Invalidation is by table. Database triggers (migration 0004) NOTIFY `agora_changes` with the
 *   table's name when a change commits; every instance LISTENs and bumps that table's generation.
 *   An entry remembers the generations it was computed under — taken *before* its handler read the
 *   database — and is served only while they are unchanged, so a response computed from data that
 *   changed while it was being computed is never served.
 * - Any write request this instance completes (POST/PUT/PATCH/DELETE) also drops everything at
 *   once, without waiting for the notification to come back.
 * - Every entry also expires after `ttlMs`: time-dependent answers (a hackathon's phase, a job's
 *   deadline) and view counters (a detail page's view does not notify) lag by at most that.
 * - If the LISTEN connection is lost, caching stops (and restarts empty once it is back).
 * - Concurrent misses of one key wait for the first one instead of all querying the database.
 * - A detail page that counts views (`views` below) still counts every request served from memory,
 *   and its body shows the count it was computed with plus the views this process counted since,
 *   so a visitor sees their own view at once. Views counted by other instances show within `ttlMs`.
 * - Compression (lib/compression.ts): a client that accepts br or gzip gets a compressed copy kept
 *   beside the body — made on first need (the miss that fills the entry, or the first hit asking for
 *   that encoding), dropped with the entry, counted in `maxBytes` — so a body is compressed once per
 *   entry and encoding, not per request. The reply carries its Content-Encoding, which tells
 *   @fastify/compress to leave it alone. A page with a view count keeps the copy of its latest
 *   count: compressed again only when the count it shows has changed.
 */

/**
 * What a GET route declares next to itself (`config: { cache: { tables: [...] } }`) to have its
 * anonymous responses cached.
 */
export interface CachedRoute {
  /** Tables whose changes make the response stale. */
  tables: string[];
  /** Queries not to cache (e.g. a random order, or a variant that depends on the caller). */
  skip?: (query: Record<string, unknown>) => boolean;
  /** The response is one row's page whose top-level `views` counts requests (see above). */
  views?: { table: ViewedTable; param: string; counts: (query: Record<string, unknown>) => boolean };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this GET route's anonymous 200 responses (plugins/response-cache.ts). */
    cache?: CachedRoute;
  }
}

/** A list ordered at random is never cached. */
export const randomOrder = (q: Record<string, unknown>) => q.sort === 'random';

export const CHANGES_CHANNEL = 'agora_changes';

/** Headers of a cached response worth keeping (paging and type; the rest is per request). */
const KEPT_HEADERS = ['content-type', 'x-next-cursor', 'x-total-count'];

interface Entry {
  key: string;
  tag: string;
  expires: number;
  /** Encoded once: sending a Buffer costs no UTF-8 encoding and no garbage per hit. */
  payload: Buffer;
  headers: Record<string, string>;
  /** For a page with a view count: the body around the number, and the count as computed. */
  views?: { before: Buffer; after: Buffer; base: number; counted: number };
  /** JSON or text: worth compressing when big enough. */
  compressible: boolean;
  /** Compressed copies per encoding; `count` is the view count of the body it was made from (or -1). */
  encoded: Partial<Record<Encoding, { body: Buffer; count: number }>>;
  /** Bytes held: the payload and its compressed copies (what `maxBytes` bounds). */
  size: number;
}

interface Fill {
  key: string;
  tag: string;
  done: () => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    responseCacheFill: Fill | null;
  }
}

export interface ResponseCacheOptions {
  database: Database;
  ttlMs: number;
  /** Bounds on memory: entries and total payload bytes (least recently used go first). */
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
  /** Required for routes with a view count (otherwise they are not cached). */
  views?: ViewCounts;
  /** While the database is down, its LISTEN retries are part of the outage's one log line. */
  outages?: Outages;
}

/** The cache itself, framework-free (the plugin below wires it to requests and notifications). */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  private readonly inflight = new Map<string, Promise<void>>();
  /** Raw request URL (path + query as sent) → the key its validated request was cached under. */
  private readonly rawKeys = new Map<string, string>();
  private epoch = 0;
  private bytes = 0;
  enabled = true;
  hits = 0;
  /** Of the hits, those served by raw URL before the query was validated. */
  rawHits = 0;
  misses = 0;
  /** Bodies compressed for the entries (tests read it: once per entry and encoding). */
  compressions = 0;

  constructor(
    private readonly opts: { ttlMs: number; maxEntries: number; maxBytes: number; now: () => number },
  ) {}

  /** The state a response computed now depends on; compare with `tagOf` later. */
  tagOf(tables: string[]): string {
    return `${this.epoch}:${tables.map((t) => this.generations.get(t) ?? 0).join('.')}`;
  }

  get(key: string, tables: string[]): Entry | null {
    const e = this.entries.get(key);
    if (!e) return null;
    if (e.expires <= this.opts.now() || e.tag !== this.tagOf(tables)) {
      this.drop(key, e);
      return null;
    }
    // Recently used stays (Map order is the eviction order).
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  set(
    key: string,
    tables: string[],
    tag: string,
    payload: string,
    headers: Record<string, string>,
    views?: { counted: number },
  ): Entry | null {
    if (!this.enabled || tag !== this.tagOf(tables)) return null;
    const body = Buffer.from(payload);
    if (body.length > this.opts.maxBytes / 16) return null;
    let counter: Entry['views'];
    if (views) {
      const split = splitViews(payload);
      if (!split) return null;
      counter = {
        before: Buffer.from(split.before),
        after: Buffer.from(split.after),
        base: split.views,
        counted: views.counted,
      };
    }
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    const entry: Entry = {
      key,
      tag,
      expires: this.opts.now() + this.opts.ttlMs,
      payload: body,
      headers,
      views: counter,
      compressible: COMPRESSIBLE_TYPES.test(headers['content-type'] ?? ''),
      encoded: {},
      size: body.length,
    };
    this.entries.set(key, entry);
    this.bytes += body.length;
    this.evict();
    return this.entries.get(key) === entry ? entry : null;
  }

  /** Least recently used first, until the bounds hold. */
  private evict() {
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.opts.maxEntries && this.bytes <= this.opts.maxBytes) break;
      this.drop(k, e);
    }
  }

  /**
   * `body` (the entry's payload, or for a page with a view count its body showing `count`)
   * compressed for `encoding`: made once and kept with the entry while it is held.
   */
  encode(entry: Entry, encoding: Encoding, body: Buffer, count: number): Buffer {
    const kept = entry.encoded[encoding];
    if (kept && kept.count === count) return kept.body;
    const compressed = compressBody(body, encoding);
    this.compressions++;
    // An entry dropped meanwhile (invalidated, evicted) keeps nothing: its bytes are no longer counted.
    if (this.entries.get(entry.key) === entry) {
      const grown = compressed.length - (kept?.body.length ?? 0);
      entry.encoded[encoding] = { body: compressed, count };
      entry.size += grown;
      this.bytes += grown;
      this.evict();
    }
    return compressed;
  }

  /** Remembers that this exact URL, once validated, is `key` (bounded like the entries). */
  noteRaw(rawUrl: string, key: string) {
    if (this.rawKeys.get(rawUrl) === key) return;
    this.rawKeys.delete(rawUrl);
    this.rawKeys.set(rawUrl, key);
    if (this.rawKeys.size > this.opts.maxEntries * 2) {
      const oldest = this.rawKeys.keys().next().value;
      if (oldest !== undefined) this.rawKeys.delete(oldest);
    }
  }

  /** The entry a raw URL was last cached under, if it is still valid. */
  getRaw(rawUrl: string, tables: string[]): Entry | null {
    const key = this.rawKeys.get(rawUrl);
    return key === undefined ? null : this.get(key, tables);
  }

  private drop(key: string, e: Entry) {
    this.entries.delete(key);
    this.bytes -= e.size;
  }

  /** A table changed (committed). */
  changed(table: string) {
    this.generations.set(table, (this.generations.get(table) ?? 0) + 1);
  }

  /** Everything may have changed. */
  clear() {
    this.epoch++;
    this.entries.clear();
    this.rawKeys.clear();
    this.bytes = 0;
  }

  /** Waits for a miss of the same key already being computed, if any; else registers this one. */
  async join(key: string): Promise<(() => void) | null> {
    const pending = this.inflight.get(key);
    if (pending) {
      await pending;
      return null;
    }
    let done!: () => void;
    this.inflight.set(
      key,
      new Promise<void>((resolve) => {
        done = () => {
          this.inflight.delete(key);
          resolve();
        };
      }),
    );
    return done;
  }

  get size() {
    return this.entries.size;
  }
}

/**
 * The top-level `"views":<n>` of a JSON object body. Inside a JSON string a quote is escaped, so the
 * first unescaped `"views":` key at depth 1 is the field; anything else is not cached.
 */
export function splitViews(json: string): { before: string; views: number; after: string } | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === '"') {
      if (depth === 1 && json.startsWith('"views":', i)) {
        const m = /^\d+/.exec(json.slice(i + 8, i + 30));
        if (!m) return null;
        const start = i + 8;
        return { before: json.slice(0, start), views: Number(m[0]), after: json.slice(start + m[0].length) };
      }
      inString = true;
    }
  }
  return null;
}

interface Body {
  body: Buffer;
  /** The view count it shows, or -1 (no count). */
  count: number;
}

/** A cached body with its view count brought up to date (and this request counted, if it counts). */
function bodyOf(entry: Entry, spec: CachedRoute, req: FastifyRequest, views: ViewCounts | undefined): Body {
  if (!entry.views || !spec.views || !views) return { body: entry.payload, count: -1 };
  const id = String((req.params as Record<string, unknown>)[spec.views.param]).toLowerCase();
  if (spec.views.counts(req.query as Record<string, unknown>))
    views.view(spec.views.table, id, viewerKey(req));
  const n = entry.views.base + views.counted(spec.views.table, id) - entry.views.counted;
  return { body: Buffer.concat([entry.views.before, Buffer.from(String(n)), entry.views.after]), count: n };
}

function keyOf(req: FastifyRequest, url: string): string {
  return `${url}|${JSON.stringify(req.params ?? {})}|${JSON.stringify(req.query ?? {})}`;
}

const routeUrl = (url: string) => (url.length > 1 ? url.replace(/\/+$/, '') : url);

/**
 * Registers the cache on the root instance (before the routes, so that its onRoute hook sees
 * them). Decorates `app.responseCache` (tests read hits and size).
 */
export const responseCachePlugin = fp(async (app: FastifyInstance, opts: ResponseCacheOptions) => {
  const cache = new ResponseCache({
    ttlMs: opts.ttlMs,
    maxEntries: opts.maxEntries ?? 2000,
    maxBytes: opts.maxBytes ?? 64 * 1024 * 1024,
    now: opts.now ?? Date.now,
  });
  app.decorate('responseCache', cache);
  app.decorateRequest('responseCacheFill', null);

  // Notifications: nothing is cached until the LISTEN is in place, or while it is lost.
  cache.enabled = false;
  let unlisten: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;
  const subscribe = async () => {
    try {
      unlisten = await opts.database.listen(
        CHANGES_CHANNEL,
        (table) => cache.changed(table),
        (err) => {
          cache.enabled = false;
          cache.clear();
          unlisten = null;
          if (!opts.outages?.absorb(err))
            app.log.warn({ err: { message: err.message } }, 'response cache: change notifications lost');
          if (!closed) retry = setTimeout(() => void subscribe(), 2000);
        },
      );
      cache.clear();
      cache.enabled = true;
    } catch (err) {
      if (!opts.outages?.absorb(err))
        app.log.warn({ err: { message: (err as Error).message } }, 'response cache: cannot LISTEN, retrying');
      if (!closed) retry = setTimeout(() => void subscribe(), 5000);
    }
  };
  await subscribe();
  app.addHook('onClose', async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    await unlisten?.();
  });

  // A hit is answered at the end of the turn, with the other hits of that turn (lib/turn-end.ts).
  const atTurnEnd = turnEnd((err) => app.log.error({ err }, 'response cache: answering a hit failed'));
  /**
   * Answers a hit with its stored headers and `body()` at the end of the turn. A throw there (the
   * view count, the send) becomes the route's error response, as a throw in the hook would have:
   * the request is answered, never left waiting for its socket to time out.
   */
  const answerHit = (req: FastifyRequest, reply: FastifyReply, entry: Entry, body: () => Body) => {
    cache.hits++;
    reply.headers(entry.headers);
    atTurnEnd(() => {
      try {
        reply.send(encoded(req, reply, entry, body()));
      } catch (err) {
        if (reply.sent) throw err;
        for (const h of Object.keys(entry.headers)) reply.removeHeader(h);
        reply.removeHeader('content-encoding');
        reply.removeHeader('vary');
        reply.send(err);
      }
    });
  };
  /**
   * What to send for an entry's body: its compressed copy (made now if it is the first time) when
   * the client accepts br or gzip and the body is worth it, with Content-Encoding and Vary set; the
   * body itself otherwise.
   */
  const encoded = (req: FastifyRequest, reply: FastifyReply, entry: Entry, { body, count }: Body): Buffer => {
    if (!entry.compressible || body.length < COMPRESS_THRESHOLD) return body;
    const encoding = acceptedEncoding(req.headers);
    if (!encoding) return body;
    reply.header('Content-Encoding', encoding);
    reply.header('Vary', 'accept-encoding');
    return cache.encode(entry, encoding, body, count);
  };
  const routes = new Map<string, CachedRoute>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const spec = route.config?.cache;
    if (spec && methods.includes('GET') && (!spec.views || opts.views)) {
      routes.set(routeUrl(route.url), spec);
      // A hit for a URL already answered once is served before the query is parsed and validated
      // (a hit skips that work). Appended as the route's last onRequest hook, so the
      // per-client limits (and the global hooks: readiness, auth) still run first. Pages with a
      // view count take the full path (their count reads the validated params).
      if (!spec.views) {
        const hit: onRequestHookHandler = (req, reply, done) => {
          if (req.method !== 'GET' || req.headers.authorization || !cache.enabled) return done();
          const entry = cache.getRaw(req.url, spec.tables);
          if (!entry) return done();
          cache.rawHits++;
          answerHit(req, reply, entry, () => ({ body: entry.payload, count: -1 }));
        };
        const existing = route.onRequest;
        route.onRequest = (
          existing === undefined ? [hit] : Array.isArray(existing) ? [...existing, hit] : [existing, hit]
        ) as never;
      }
    }
  });

  // Callback hooks: a cache hit or a request the cache does not concern allocates no
  // promise here; only a miss waits (for a concurrent fill of the same key).
  const lookup = async (req: FastifyRequest, reply: FastifyReply, spec: CachedRoute, key: string) => {
    let entry: Entry | null = null;
    const done = await cache.join(key);
    // Someone else just computed it (or failed to: then compute it here, uncoalesced).
    if (!done) entry = cache.get(key, spec.tables);
    if (entry) {
      cache.hits++;
      reply.headers(entry.headers);
      return reply.send(encoded(req, reply, entry, bodyOf(entry, spec, req, opts.views)));
    }
    cache.misses++;
    req.responseCacheFill = { key, tag: cache.tagOf(spec.tables), done: done ?? (() => {}) };
  };
  app.addHook('preHandler', (req: FastifyRequest, reply: FastifyReply, next: (err?: Error) => void) => {
    if (req.method !== 'GET' || req.headers.authorization || !cache.enabled) return next();
    const url = routeUrl(req.routeOptions.url ?? '');
    const spec = routes.get(url);
    if (!spec || spec.skip?.(req.query as Record<string, unknown>)) return next();
    const key = keyOf(req, url);
    const entry = cache.get(key, spec.tables);
    if (entry) return answerHit(req, reply, entry, () => bodyOf(entry, spec, req, opts.views));
    lookup(req, reply, spec, key).then(
      () => {
        if (!reply.sent) next();
      },
      (err: Error) => next(err),
    );
  });

  app.addHook('onSend', (req, reply, payload, next) => {
    const fill = req.responseCacheFill;
    if (fill && reply.statusCode === 200 && typeof payload === 'string') {
      const spec = routes.get(routeUrl(req.routeOptions.url ?? ''))!;
      const headers: Record<string, string> = {};
      for (const h of KEPT_HEADERS) {
        const v = reply.getHeader(h);
        if (v !== undefined) headers[h] = String(v);
      }
      const counted = spec.views
        ? {
            counted: opts.views!.counted(
              spec.views.table,
              String((req.params as Record<string, unknown>)[spec.views.param]).toLowerCase(),
            ),
          }
        : undefined;
      const entry = cache.set(fill.key, spec.tables, fill.tag, payload, headers, counted);
      if (!spec.views) cache.noteRaw(req.url, fill.key);
      // The miss compresses for the entry, so the first hit asking for the same encoding need not.
      if (entry) {
        return next(
          null,
          encoded(req, reply, entry, { body: entry.payload, count: entry.views?.base ?? -1 }),
        );
      }
    }
    next(null, payload);
  });

  const release = (req: FastifyRequest) => {
    req.responseCacheFill?.done();
    req.responseCacheFill = null;
    // A write this instance answered has committed: drop everything now, not on the notification.
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') cache.clear();
  };
  app.addHook('onResponse', (req, _reply, next) => {
    release(req);
    next();
  });
  app.addHook('onRequestAbort', (req, next) => {
    release(req);
    next();
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    responseCache?: ResponseCache;
  }
}
