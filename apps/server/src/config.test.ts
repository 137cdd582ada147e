import { mkdtempSync, readFileSync } from 'node:fs';
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
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_EMAIL: 'a@b.c' }, 'ADMIN_EMAIL'],
    [{ AI_BASE_URL: '::' }, 'AI_BASE_URL'],
    [{ AUTH_RATE_LIMIT_IP: '-1' }, 'AUTH_RATE_LIMIT_IP'],
    [{ PUBLIC_URL: 'agora.example.com' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'ftp://agora.example.com' }, 'PUBLIC_URL'],
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
