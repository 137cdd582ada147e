import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dir = () => mkdtempSync(path.join(tmpdir(), 'agora-config-'));

describe('config', () => {
  it('has the CONTRACT defaults and generates a JWT secret once into DATA_DIR', () => {
    const d = dir();
    const c = loadConfig({ DATA_DIR: d });
    expect(c).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      databaseUrl: null,
      redisUrl: null,
      sessionIdleMinutes: 20,
      authRateLimitIp: 30,
    });
    expect(c.payments.provider).toBe('sandbox');
    expect(readFileSync(path.join(d, 'jwt-secret'), 'utf8')).toBe(c.jwtSecret);
    expect(loadConfig({ DATA_DIR: d }).jwtSecret).toBe(c.jwtSecret);
    expect(Object.isFrozen(c)).toBe(true);
  });

  it.each([
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://localhost' }, 'REDIS_URL'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
    [{ PAYMENTS_PROVIDER: 'paypal' }, 'PAYMENTS_PROVIDER'],
    [{ PAYMENTS_PROVIDER: 'razorpay' }, 'RAZORPAY_KEY_ID'],
    [{ STORAGE: 'ftp' }, 'STORAGE'],
    [{ STORAGE: 's3' }, 'S3_BUCKET'],
    [{ STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET'],
    [{ STORAGE: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT'],
    [{ STORAGE: 's3', S3_BUCKET: 'files', S3_REGION: 'eu west' }, 'S3_REGION'],
    [{ STORAGE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AKIA' }, 'S3_SECRET_ACCESS_KEY'],
    [{ STORAGE: 's3', S3_BUCKET: 'files', S3_SECRET_ACCESS_KEY: 'x' }, 'S3_ACCESS_KEY_ID'],
    [{ STORAGE: 's3', S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'],
    [{ DATABASE_URL: 'postgres://db/agora' }, 'JWT_SECRET'],
    [{ JOB_LISTING_DAYS: '0' }, 'JOB_LISTING_DAYS'],
    [{ JOB_LISTING_DAYS: 'a month' }, 'JOB_LISTING_DAYS'],
    [{ DB_POOL_MAX: '0' }, 'DB_POOL_MAX'],
    [{ DB_POOL_MAX: 'ten' }, 'DB_POOL_MAX'],
    [{ DB_PREPARED_STATEMENTS: 'sometimes' }, 'DB_PREPARED_STATEMENTS'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,proxy.internal' }, 'TRUST_PROXY'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_EMAIL: 'a@b.c' }, 'ADMIN_EMAIL'],
    [{ AI_BASE_URL: '::' }, 'AI_BASE_URL'],
    [{ AUTH_RATE_LIMIT_IP: '-1' }, 'AUTH_RATE_LIMIT_IP'],
    [{ PUBLIC_URL: 'agora.example.com' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'ftp://agora.example.com' }, 'PUBLIC_URL'],
    [{ REQUEST_TIMEOUT: '1h' }, 'REQUEST_TIMEOUT'],
    [{ REQUEST_TIMEOUT: '500ms' }, 'REQUEST_TIMEOUT'],
    [{ RAZORPAY_KEY_SECRET: 'one-secret', RAZORPAY_WEBHOOK_SECRET: 'one-secret' }, 'RAZORPAY_WEBHOOK_SECRET'],
  ])('refuses %o with one line naming %s', (env, name) => {
    let err: unknown;
    try {
      loadConfig({ DATA_DIR: dir(), ...env });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain(name);
    expect((err as Error).message).not.toContain('\n');
  });

  it('reads S3 storage settings; local disk is the default', () => {
    expect(loadConfig({ DATA_DIR: dir() }).storage).toEqual({ kind: 'local' });
    expect(
      loadConfig({
        DATA_DIR: dir(),
        STORAGE: 's3',
        S3_BUCKET: 'agora-files',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'agora-files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    // No keys: the AWS SDK's own credential chain (an instance role, AWS_* variables).
    expect(
      loadConfig({ DATA_DIR: dir(), STORAGE: 's3', S3_BUCKET: 'b.example', S3_REGION: 'eu-west-1' }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'b.example',
      endpoint: null,
      region: 'eu-west-1',
      credentials: null,
      forcePathStyle: false,
    });
  });

  it('with DATABASE_URL generates no secret: JWT_SECRET is required and the sandbox secrets derive from it', () => {
    const secret = 'cluster-secret-cluster-secret-0123456789';
    const a = loadConfig({ DATA_DIR: dir(), DATABASE_URL: 'postgres://db/agora', JWT_SECRET: secret });
    const bDir = dir();
    const b = loadConfig({ DATA_DIR: bDir, DATABASE_URL: 'postgres://db/agora', JWT_SECRET: secret });
    // Two instances, two DATA_DIRs, one set of secrets; nothing written to DATA_DIR.
    expect(b.jwtSecret).toBe(a.jwtSecret);
    expect(b.payments.keySecret).toBe(a.payments.keySecret);
    expect(b.payments.webhookSecret).toBe(a.payments.webhookSecret);
    // Checkout signatures and webhooks are signed with different secrets, neither the JWT secret.
    expect(a.payments.webhookSecret).not.toBe(a.payments.keySecret);
    for (const s of [a.payments.keySecret, a.payments.webhookSecret]) {
      expect(s).not.toBe(secret);
      expect(s.length).toBeGreaterThanOrEqual(32);
    }
    expect(readdirSync(bDir)).toEqual([]);
    // Another JWT_SECRET, other sandbox secrets.
    const c = loadConfig({ DATA_DIR: dir(), DATABASE_URL: 'postgres://db/agora', JWT_SECRET: `${secret}x` });
    expect(c.payments.keySecret).not.toBe(a.payments.keySecret);
    expect(c.payments.webhookSecret).not.toBe(a.payments.webhookSecret);
    // The embedded database keeps its per-DATA_DIR generated secrets, one file each.
    const d = dir();
    const embedded = loadConfig({ DATA_DIR: d });
    expect(readFileSync(path.join(d, 'sandbox-payment-secret'), 'utf8')).toBe(embedded.payments.keySecret);
    expect(readFileSync(path.join(d, 'sandbox-webhook-secret'), 'utf8')).toBe(
      embedded.payments.webhookSecret,
    );
    expect(embedded.payments.webhookSecret).not.toBe(embedded.payments.keySecret);
    expect(loadConfig({ DATA_DIR: d }).payments).toEqual(embedded.payments);
  });

  it('gives a request REQUEST_TIMEOUT to arrive, 30 s unless set', () => {
    expect(loadConfig({ DATA_DIR: dir() }).requestTimeoutMs).toBe(30_000);
    expect(loadConfig({ DATA_DIR: dir(), REQUEST_TIMEOUT: '45s' }).requestTimeoutMs).toBe(45_000);
  });

  it('lists an approved job for JOB_LISTING_DAYS, 30 unless set', () => {
    expect(loadConfig({ DATA_DIR: dir() }).jobListingDays).toBe(30);
    expect(loadConfig({ DATA_DIR: dir(), JOB_LISTING_DAYS: '45' }).jobListingDays).toBe(45);
  });

  it('reads DB_POOL_MAX and TRUST_PROXY (off by default)', () => {
    const c = loadConfig({ DATA_DIR: dir() });
    expect(c.dbPoolMax).toBe(10);
    expect(c.trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), DB_POOL_MAX: '25' }).dbPoolMax).toBe(25);
    expect(c.dbPreparedStatements).toBe(true);
    expect(loadConfig({ DATA_DIR: dir(), DB_PREPARED_STATEMENTS: 'false' }).dbPreparedStatements).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dir(), TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8,loopback' })
        .trustProxy,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
  });

  it('reads METRICS_TOKEN and METRICS_PORT: metrics are off unless one is set', () => {
    expect(loadConfig({ DATA_DIR: dir() }).metrics).toEqual({ token: null, port: null });
    expect(
      loadConfig({ DATA_DIR: dir(), METRICS_TOKEN: ' scrape-secret-0123456789 ', METRICS_PORT: '9464' })
        .metrics,
    ).toEqual({ token: 'scrape-secret-0123456789', port: 9464 });
    for (const [env, name] of [
      [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
      [{ METRICS_TOKEN: 'replace-with-a-metrics-token' }, 'METRICS_TOKEN'],
      [{ METRICS_PORT: '0' }, 'METRICS_PORT'],
      [{ METRICS_PORT: 'x' }, 'METRICS_PORT'],
      [{ METRICS_PORT: '4000' }, 'METRICS_PORT'],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: dir(), ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dir(), ...env })).toThrow(name);
    }
  });

  it('builds the public URL for links in e-mails from PUBLIC_URL, else from PORT', () => {
    expect(loadConfig({ DATA_DIR: dir() }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ DATA_DIR: dir(), PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: dir(), PUBLIC_URL: ' https://agora.example.com/ ' }).publicUrl).toBe(
      'https://agora.example.com',
    );
    expect(loadConfig({ DATA_DIR: dir(), PUBLIC_URL: 'https://example.com/agora//' }).publicUrl).toBe(
      'https://example.com/agora',
    );
  });
});
