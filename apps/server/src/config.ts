import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

/** The only reader of process.env. A bad value stops start-up with one line naming the variable. */
export interface Config {
  port: number;
  host: string;
  /** Origin of the web app as users reach it (PUBLIC_URL), without a trailing slash: links in e-mails. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  jwtSecret: string;
  adminEmail: string | null;
  adminPassword: string | null;
  payments: {
    provider: 'sandbox' | 'razorpay';
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    apiBase: string;
  };
  google: { clientId: string | null; jwksUrl: string };
  ai: { baseUrl: string | null; apiKey: string | null; model: string };
  mail: { smtpUrl: string | null; from: string };
  storage: StorageConfig;
  /** PostgreSQL connections per instance (DB_POOL_MAX). */
  dbPoolMax: number;
  /** Name repeated statements on PostgreSQL so each connection parses them once (DB_PREPARED_STATEMENTS). */
  dbPreparedStatements: boolean;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY): addresses, CIDRs or proxy-addr's names. */
  trustProxy: string[] | false;
  sessionIdleMinutes: number;
  authRateLimitIp: number;
  /** Per-client limits on API routes without their own (plugins/client-limits.ts), per minute. */
  rateLimits: { readsPerMinute: number; searchesPerMinute: number; writesPerMinute: number };
  /** Failed logins allowed per account and client address per 15 minutes before 429. */
  loginFailuresPerAccount: number;
  /**
   * Failed logins per account from all addresses per hour; past it only addresses the account has
   * signed in from before may try (LOGIN_FAILURES_PER_ACCOUNT).
   */
  loginFailuresPerAccountTotal: number;
  /**
   * Uploads per user per hour, each stored on disk: hackathon form with image, project submission
   * with file, question with image, answer attachment.
   */
  uploadRateLimitPerHour: {
    hackathons: number;
    projectSubmissions: number;
    questionImages: number;
    answerAttachments: number;
  };
  /** Quota of uploads nothing names yet (lib/uploads.ts UNCLAIMED_QUOTA). */
  unclaimedUploads: { perUserFiles: number; perUserBytes: number; siteBytes: number };
  logLevel: string;
  /** MIGRATE_ON_START (default true): apply pending migrations at start; false leaves it to `npm run migrate`. */
  migrateOnStart: boolean;
  /**
   * SHUTDOWN_DRAIN_SECONDS (default 5): after SIGTERM, readiness answers 503 `draining` while the
   * listener keeps serving this long (a load balancer stops sending), then the server closes.
   */
  shutdownDrainMs: number;
  webDist: string | null;
  isTest: boolean;
  /**
   * Public anonymous list responses kept in memory (plugins/response-cache.ts). RESPONSE_CACHE=off
   * disables it; tests run without it unless they ask for it.
   */
  responseCache: { enabled: boolean; ttlMs: number };
  /** REWARD_DEADLINE: how long a paid reward stays in escrow before it is settled automatically. */
  rewardDeadlineMs: number;
  /**
   * JOB_LISTING_DAYS (default 30): an approved job is listed this many days, then expires unless
   * its poster renews it (each renewal adds as many days).
   */
  jobListingDays: number;
  /** PAYOUT_SLA: withdrawals pending longer than this are flagged in the admin queue. */
  payoutSlaMs: number;
  /**
   * REQUEST_TIMEOUT: a request's headers, and a body up to the JSON limit, must arrive within this;
   * an upload gets more by its size (plugins/request-deadline.ts).
   */
  requestTimeoutMs: number;
  /**
   * GET /metrics (Prometheus). Off unless METRICS_TOKEN is set (then the main port serves it to
   * `Authorization: Bearer <token>` only) or METRICS_PORT is (a second listener on that port,
   * without a token: it must be reachable only from the monitoring network, never publicly).
   */
  metrics: { token: string | null; port: number | null };
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** null → the AWS endpoint for the region. */
      endpoint: string | null;
      region: string;
      /** null → the AWS SDK's default credential chain (instance role, environment, profile). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function url(env: Env, name: string, protocols: string[]): string | null {
  const v = env[name]?.trim();
  if (!v) return null;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(u.protocol)) throw new ConfigError(`${name} must use ${protocols.join(' or ')}`);
  return v;
}

function int(env: Env, name: string, def: number, min: number, max: number): number {
  const v = env[name]?.trim();
  if (!v) return def;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

function bool(env: Env, name: string, def: boolean): boolean {
  const v = env[name]?.trim().toLowerCase();
  if (!v) return def;
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(`${name} must be true or false`);
}

function storageConfig(env: Env): StorageConfig {
  const kind = env.STORAGE?.trim().toLowerCase() || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new ConfigError('STORAGE must be local or s3');
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new ConfigError('S3_BUCKET is required when STORAGE=s3');
  // S3's bucket naming rules: 3–63 lowercase letters, digits, dots and hyphens.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(
      'S3_BUCKET must be a valid bucket name (3-63 lowercase letters, digits, dots, hyphens)',
    );
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/.test(region))
    throw new ConfigError('S3_REGION must be a region name such as eu-west-1');
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      `${accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} is required with ${accessKeyId ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'}`,
    );
  }
  return {
    kind,
    bucket,
    endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:']),
    region,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', false),
  };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: comma-separated addresses, CIDRs or proxy-addr's names (loopback, linklocal,
 * uniquelocal). `true` (trust every peer) is refused: anyone reaching the server directly could then
 * pick the address rate limits see.
 */
function trustProxy(env: Env): string[] | false {
  const v = env.TRUST_PROXY?.trim();
  if (!v || ['false', 'off', '0', 'no'].includes(v.toLowerCase())) return false;
  const items = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) {
    if (PROXY_NAMES.has(item)) continue;
    const [addr, prefix, extra] = item.split('/');
    const family = isIP(addr ?? '');
    const maxPrefix = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (!family || !prefixOk || extra !== undefined) {
      throw new ConfigError(
        `TRUST_PROXY must list proxy addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1), or loopback/linklocal/uniquelocal; got "${item}"`,
      );
    }
  }
  return items.length ? items : false;
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration such as `90s`, `45m`, `36h` or `14d`. */
export function parseDuration(value: string): number | null {
  const m = /^(\d{1,6})([smhd])$/.exec(value.trim());
  if (!m) return null;
  const ms = Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
  return ms > 0 ? ms : null;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(env: Env): string {
  const level = env.LOG_LEVEL?.trim().toLowerCase() || 'info';
  if (!LOG_LEVELS.includes(level)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return level;
}

function duration(env: Env, name: string, def: string): number {
  const v = env[name]?.trim() || def;
  const ms = parseDuration(v);
  if (ms === null) throw new ConfigError(`${name} must be a duration such as 90s, 36h or 14d`);
  return ms;
}

function secretFile(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  // Simulated payments in production must be a decision, never a default.
  if (env.NODE_ENV === 'production' && !env.PAYMENTS_PROVIDER?.trim()) {
    throw new ConfigError(
      'PAYMENTS_PROVIDER must be set explicitly when NODE_ENV=production (razorpay, or sandbox for simulated payments)',
    );
  }
  const provider = (env.PAYMENTS_PROVIDER?.trim() || 'sandbox') as Config['payments']['provider'];
  if (provider !== 'sandbox' && provider !== 'razorpay') {
    throw new ConfigError('PAYMENTS_PROVIDER must be sandbox or razorpay');
  }
  if (provider === 'razorpay') {
    for (const name of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']) {
      if (!env[name]?.trim()) throw new ConfigError(`${name} is required when PAYMENTS_PROVIDER=razorpay`);
    }
  }
  const storage = storageConfig(env);
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  // Several instances share one PostgreSQL: a secret generated into one instance's DATA_DIR would
  // differ on the next (tokens refused, signatures invalid). JWT_SECRET is not kept in the database
  // either: it also roots the key that encrypts bank account numbers stored there.
  if (databaseUrl && !env.JWT_SECRET?.trim()) {
    throw new ConfigError(
      'JWT_SECRET is required when DATABASE_URL is set (every instance must share it; a DATA_DIR/jwt-secret file holds the one used so far)',
    );
  }
  const jwtSecret = env.JWT_SECRET?.trim() || secretFile(dataDir, 'jwt-secret');
  if (jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
  // The example files' placeholders are readable by anyone: a server must not start with one.
  for (const name of ['JWT_SECRET', 'ADMIN_PASSWORD', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']) {
    if (/^(replace-with|change-?me)/i.test(env[name]?.trim() ?? ''))
      throw new ConfigError(`${name} is still the example's placeholder: set a secret of your own`);
  }
  const adminEmail = env.ADMIN_EMAIL?.trim().toLowerCase() || null;
  const adminPassword = env.ADMIN_PASSWORD || null;
  if (adminEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail))
    throw new ConfigError(`ADMIN_EMAIL must be an e-mail address (got "${adminEmail}")`);
  if ((adminEmail && !adminPassword) || (!adminEmail && adminPassword)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (adminPassword && adminPassword.length < 8)
    throw new ConfigError('ADMIN_PASSWORD must be at least 8 characters');
  // The sandbox's two signing secrets, one for checkout signatures and one for webhooks (as the
  // provider's are two), so a signature made for one is never accepted as the other. With
  // PostgreSQL both are derived from JWT_SECRET (shared by every instance, each under its own
  // label); on the embedded database each is generated once into DATA_DIR.
  const sandboxSecret = (label: string, file: string) =>
    provider !== 'sandbox'
      ? ''
      : databaseUrl
        ? createHmac('sha256', jwtSecret).update(`agora/payments/${label}`).digest('base64url')
        : secretFile(dataDir, file);
  const keySecret =
    env.RAZORPAY_KEY_SECRET?.trim() || sandboxSecret('sandbox-secret/v1', 'sandbox-payment-secret');
  const webhookSecret =
    env.RAZORPAY_WEBHOOK_SECRET?.trim() ||
    sandboxSecret('sandbox-webhook-secret/v1', 'sandbox-webhook-secret');
  if (keySecret === webhookSecret) {
    throw new ConfigError('RAZORPAY_WEBHOOK_SECRET must differ from RAZORPAY_KEY_SECRET');
  }
  const requestTimeoutMs = duration(env, 'REQUEST_TIMEOUT', '30s');
  if (requestTimeoutMs > 600_000) throw new ConfigError('REQUEST_TIMEOUT must be at most 10m');
  const cacheSetting = env.RESPONSE_CACHE?.trim().toLowerCase();
  if (cacheSetting && cacheSetting !== 'on' && cacheSetting !== 'off') {
    throw new ConfigError('RESPONSE_CACHE must be on or off');
  }

  const port = int(env, 'PORT', 4000, 0, 65535);
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  if (metricsToken && (metricsToken.length < 16 || /^(replace-with|change-?me)/i.test(metricsToken)))
    throw new ConfigError('METRICS_TOKEN must be a secret of at least 16 characters');
  const metricsPort = env.METRICS_PORT?.trim() ? int(env, 'METRICS_PORT', 0, 1, 65535) : null;
  if (metricsPort !== null && metricsPort === port)
    throw new ConfigError('METRICS_PORT must differ from PORT (it is a separate, private listener)');
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
    /\/+$/,
    '',
  );

  const config: Config = {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    publicUrl,
    dataDir,
    databaseUrl,
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    jwtSecret,
    adminEmail,
    adminPassword,
    payments: {
      provider,
      keyId: env.RAZORPAY_KEY_ID?.trim() || 'rzp_test_sandbox',
      keySecret,
      webhookSecret,
      apiBase: url(env, 'RAZORPAY_API_BASE', ['http:', 'https:']) ?? 'https://api.razorpay.com',
    },
    google: {
      clientId: env.GOOGLE_CLIENT_ID?.trim() || null,
      jwksUrl:
        url(env, 'GOOGLE_JWKS_URL', ['http:', 'https:']) ?? 'https://www.googleapis.com/oauth2/v3/certs',
    },
    ai: {
      baseUrl: url(env, 'AI_BASE_URL', ['http:', 'https:']),
      apiKey: env.AI_API_KEY?.trim() || null,
      model: env.AI_MODEL?.trim() || 'gpt-4o-mini',
    },
    mail: {
      smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
      from: env.MAIL_FROM?.trim() || 'Agora <no-reply@agora.local>',
    },
    storage,
    dbPoolMax: int(env, 'DB_POOL_MAX', 10, 1, 1000),
    dbPreparedStatements: bool(env, 'DB_PREPARED_STATEMENTS', true),
    trustProxy: trustProxy(env),
    sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', 20, 1, 24 * 60),
    authRateLimitIp: int(env, 'AUTH_RATE_LIMIT_IP', 30, 1, 100_000),
    rateLimits: {
      readsPerMinute: int(env, 'RATE_LIMIT_READS', 600, 1, 1_000_000),
      searchesPerMinute: int(env, 'RATE_LIMIT_SEARCHES', 120, 1, 1_000_000),
      writesPerMinute: int(env, 'RATE_LIMIT_WRITES', 30, 1, 1_000_000),
    },
    loginFailuresPerAccount: 5,
    loginFailuresPerAccountTotal: int(env, 'LOGIN_FAILURES_PER_ACCOUNT', 100, 10, 100_000),
    uploadRateLimitPerHour: {
      hackathons: 20,
      projectSubmissions: 60,
      questionImages: 30,
      answerAttachments: 60,
    },
    unclaimedUploads: {
      perUserFiles: 20,
      perUserBytes: 50 * 1024 * 1024,
      siteBytes: int(env, 'UNCLAIMED_UPLOADS_MAX_MB', 2048, 10, 10_000_000) * 1024 * 1024,
    },
    logLevel: logLevel(env),
    migrateOnStart: bool(env, 'MIGRATE_ON_START', true),
    shutdownDrainMs: int(env, 'SHUTDOWN_DRAIN_SECONDS', 5, 0, 300) * 1000,
    webDist: null,
    isTest: env.NODE_ENV === 'test',
    responseCache: {
      enabled: cacheSetting ? cacheSetting === 'on' : env.NODE_ENV !== 'test',
      ttlMs: 5000,
    },
    rewardDeadlineMs: duration(env, 'REWARD_DEADLINE', '14d'),
    payoutSlaMs: duration(env, 'PAYOUT_SLA', '72h'),
    jobListingDays: int(env, 'JOB_LISTING_DAYS', 30, 1, 365),
    requestTimeoutMs,
    metrics: { token: metricsToken, port: metricsPort },
    ...overrides,
  };
  return Object.freeze(config);
}
