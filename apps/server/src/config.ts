import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  storage: { kind: 'local' };
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
  webDist: string | null;
  isTest: boolean;
  /**
   * Public anonymous list responses kept in memory (plugins/response-cache.ts). RESPONSE_CACHE=off
   * disables it; tests run without it unless they ask for it.
   */
  responseCache: { enabled: boolean; ttlMs: number };
}

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
  const provider = (env.PAYMENTS_PROVIDER?.trim() || 'sandbox') as Config['payments']['provider'];
  if (provider !== 'sandbox' && provider !== 'razorpay') {
    throw new ConfigError('PAYMENTS_PROVIDER must be sandbox or razorpay');
  }
  if (provider === 'razorpay') {
    for (const name of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']) {
      if (!env[name]?.trim()) throw new ConfigError(`${name} is required when PAYMENTS_PROVIDER=razorpay`);
    }
  }
  const storage = env.STORAGE?.trim() || 'local';
  if (storage !== 'local')
    throw new ConfigError('STORAGE must be local (S3 storage is not available in this build)');
  const jwtSecret = env.JWT_SECRET?.trim() || secretFile(dataDir, 'jwt-secret');
  if (jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
  const adminEmail = env.ADMIN_EMAIL?.trim().toLowerCase() || null;
  const adminPassword = env.ADMIN_PASSWORD || null;
  if ((adminEmail && !adminPassword) || (!adminEmail && adminPassword)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (adminPassword && adminPassword.length < 8)
    throw new ConfigError('ADMIN_PASSWORD must be at least 8 characters');
  const sandboxSecret = provider === 'sandbox' ? secretFile(dataDir, 'sandbox-payment-secret') : '';
  const cacheSetting = env.RESPONSE_CACHE?.trim().toLowerCase();
  if (cacheSetting && cacheSetting !== 'on' && cacheSetting !== 'off') {
    throw new ConfigError('RESPONSE_CACHE must be on or off');
  }

  const port = int(env, 'PORT', 4000, 0, 65535);
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
    /\/+$/,
    '',
  );

  const config: Config = {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    publicUrl,
    dataDir,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    jwtSecret,
    adminEmail,
    adminPassword,
    payments: {
      provider,
      keyId: env.RAZORPAY_KEY_ID?.trim() || 'rzp_test_sandbox',
      keySecret: env.RAZORPAY_KEY_SECRET?.trim() || sandboxSecret,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET?.trim() || sandboxSecret,
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
    storage: { kind: 'local' },
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
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    webDist: null,
    isTest: env.NODE_ENV === 'test',
    responseCache: {
      enabled: cacheSetting ? cacheSetting === 'on' : env.NODE_ENV !== 'test',
      ttlMs: 5000,
    },
    ...overrides,
  };
  return Object.freeze(config);
}
