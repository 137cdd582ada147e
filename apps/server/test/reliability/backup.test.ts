// Backups: `npm run backup` then `npm run restore` bring back every row of every table (and the
// uploaded files and secrets), on the embedded database and, when pg_dump is available and
// TEST_DATABASE_URL is set, on PostgreSQL.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client.js';
import { MAIL_LINK_SLOT } from '../../src/platform/mail.js';
import { LocalStorage } from '../../src/platform/storage.js';
import { backup, restore, tableCounts } from '../../scripts/backup.js';
import { buildTestApp, freshDatabase, signup, TEST_DATABASE_URL } from '../helpers.js';
import { buildWorld } from './world.js';

const cleanup: string[] = [];
afterAll(() => {
  for (const d of cleanup) rmSync(d, { recursive: true, force: true });
});
function tmp(label: string): string {
  const d = mkdtempSync(path.join(tmpdir(), `agora-${label}-`));
  cleanup.push(d);
  return d;
}

/** Fills a database through the real app: people, questions, answers, money, ideas, hackathons, jobs, files. */
async function populate(database: Awaited<ReturnType<typeof openPglite>>, dataDir: string) {
  const t = await buildTestApp({ database, storage: new LocalStorage(path.join(dataDir, 'uploads')) });
  try {
    await buildWorld(t);
  } finally {
    await t.app.close();
  }
  const counts = await tableCounts(database.db);
  return counts;
}

const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;

const RESET_LINK = /reset-password\?token=([A-Za-z0-9_-]+)/;

/** Signs up on `database` and asks for a password reset, leaving its e-mail unsent in the outbox. */
async function pendingReset(database: Database, email: string) {
  const t = await buildTestApp({ database });
  try {
    await signup(t.app, { email, password: 'the passphrase before' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(res.statusCode).toBe(200);
  } finally {
    await t.app.close();
  }
}

/** Delivers the outbox of `database` and returns the reset token the e-mail to `email` carried. */
async function deliverReset(database: Database, email: string): Promise<string> {
  const t = await buildTestApp({ database });
  try {
    await t.app.ctx.mailWorker.runOnce();
    const mail = t.mail.sent.find((m) => m.to === email);
    const token = mail && RESET_LINK.exec(mail.text)?.[1];
    expect(token, mail?.text).toBeTruthy();
    return token!;
  } finally {
    await t.app.close();
  }
}

/** Tries a reset token against `database`: the status reset-password answers. */
async function tryReset(database: Database, token: string): Promise<number> {
  const t = await buildTestApp({ database });
  try {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'the attacker passphrase' },
    });
    return res.statusCode;
  } finally {
    await t.app.close();
  }
}

describe('backup and restore', () => {
  it('restores the embedded database into a new DATA_DIR with every row, file and secret', async () => {
    const dataDir = tmp('data');
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'a-secret-that-must-come-back-0123456789');
    const database = await openPglite(dataDir);
    await database.migrate();
    const before = await populate(database, dataDir);
    await database.close();
    const nonEmpty = Object.entries(before).filter(([, n]) => n > 0);
    expect(nonEmpty.length).toBeGreaterThan(15);

    // While a server (another live process) holds the data directory, backup and restore refuse.
    writeFileSync(path.join(dataDir, 'agora.lock'), String(process.ppid));
    await expect(backup({ dataDir, databaseUrl: null }, path.join(tmp('refused'), 'b'))).rejects.toThrow(
      /in use/,
    );
    rmSync(path.join(dataDir, 'agora.lock'));

    const out = path.join(tmp('backup'), 'agora-backup');
    const manifest = await backup({ dataDir, databaseUrl: null }, out);
    expect(manifest.counts).toEqual(before);
    expect(manifest.uploads).toBe(readdirSync(path.join(dataDir, 'uploads')).length);

    const fresh = tmp('restored');
    const report = await restore({ dataDir: fresh, databaseUrl: null }, out);
    expect(report.mismatches).toEqual([]);
    expect(report.counts).toEqual(before);
    for (const f of readdirSync(path.join(dataDir, 'uploads'))) {
      expect(readFileSync(path.join(fresh, 'uploads', f))).toEqual(
        readFileSync(path.join(dataDir, 'uploads', f)),
      );
    }
    expect(readFileSync(path.join(fresh, 'jwt-secret'), 'utf8')).toBe(
      'a-secret-that-must-come-back-0123456789',
    );

    // (restore counted the rows through the server's own driver: the folder is a working database.)

    // Restoring over an existing database keeps the old one aside instead of deleting it.
    const again = await restore({ dataDir: fresh, databaseUrl: null }, out);
    expect(again.movedAside).toMatch(/db\.before-restore-/);
    expect(existsSync(again.movedAside!)).toBe(true);
    expect(again.counts).toEqual(before);
    writeFileSync(path.join(fresh, 'agora.lock'), String(process.ppid));
    await expect(restore({ dataDir: fresh, databaseUrl: null }, out)).rejects.toThrow(
      /stop it before restoring/,
    );
  });

  it('holds no usable reset link when taken while a reset e-mail waits to be sent (embedded)', async () => {
    const dataDir = tmp('reset-data');
    const email = 'pending.reset@example.com';
    let database = await openPglite(dataDir);
    await database.migrate();
    await pendingReset(database, email);
    await database.close();

    const out = path.join(tmp('reset-backup'), 'b');
    const manifest = await backup({ dataDir, databaseUrl: null }, out);
    // Every byte of the database as backed up (heap, WAL): the waiting e-mail is there, no link.
    const bytes = gunzipSync(readFileSync(path.join(out, manifest.file)));
    expect(bytes.includes(MAIL_LINK_SLOT)).toBe(true);
    expect(bytes.includes('reset-password?token=')).toBe(false);

    // The e-mail goes out afterwards: its link works on the live database, not on the backup's.
    database = await openPglite(dataDir);
    let token: string;
    try {
      token = await deliverReset(database, email);
      expect(bytes.includes(token)).toBe(false);
      expect(await tryReset(database, token)).toBe(200);
    } finally {
      await database.close();
    }
    const restored = tmp('reset-restored');
    await restore({ dataDir: restored, databaseUrl: null }, out);
    const copy = await openPglite(restored);
    try {
      expect(await tryReset(copy, token)).toBe(400);
    } finally {
      await copy.close();
    }
  }, 180_000);

  it.runIf(TEST_DATABASE_URL && hasPgDump)(
    'holds no usable reset link when taken while a reset e-mail waits to be sent (PostgreSQL)',
    async () => {
      const source = await freshDatabase();
      const target = await freshDatabase();
      try {
        const email = 'pending.reset.pg@example.com';
        await pendingReset(source, email);
        const out = path.join(tmp('pgreset'), 'b');
        const manifest = await backup({ dataDir: tmp('pgreset-data'), databaseUrl: source.url }, out);
        const dumped = spawnSync('pg_restore', ['--data-only', '-f', '-', path.join(out, manifest.file)], {
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        });
        expect(dumped.status, dumped.stderr).toBe(0);
        expect(dumped.stdout).toContain(MAIL_LINK_SLOT);
        expect(dumped.stdout).not.toContain('reset-password?token=');

        const token = await deliverReset(source, email);
        expect(dumped.stdout).not.toContain(token);
        await restore({ dataDir: tmp('pgreset-restored'), databaseUrl: target.url }, out);
        expect(await tryReset(target, token)).toBe(400);
        expect(await tryReset(source, token)).toBe(200);
      } finally {
        await source.close();
        await target.close();
      }
    },
    120_000,
  );

  it.runIf(TEST_DATABASE_URL && hasPgDump)(
    'restores PostgreSQL with pg_dump / pg_restore, every row back',
    async () => {
      const source = await freshDatabase();
      const target = await freshDatabase();
      try {
        const dataDir = tmp('pgdata');
        const before = await populate(source as never, dataDir);
        const out = path.join(tmp('pgbackup'), 'b');
        const manifest = await backup({ dataDir, databaseUrl: source.url }, out);
        expect(manifest.database).toBe('postgres');
        expect(manifest.counts).toEqual(before);
        // The target has the schema (migrated) but no data: that is "empty" for restore.
        const report = await restore({ dataDir: tmp('pgrestored'), databaseUrl: target.url }, out);
        expect(report.mismatches).toEqual([]);
        const check = await openPostgres(target.url!, 1);
        expect(await tableCounts(check.db)).toEqual(before);
        await check.close();
        // A database with data in it is not overwritten without --force.
        await expect(restore({ dataDir: tmp('x'), databaseUrl: target.url }, out)).rejects.toThrow(
          /not empty/,
        );
      } finally {
        await source.close();
        await target.close();
      }
    },
  );
});
