// Backups: `npm run backup` then `npm run restore` bring back every row of every table (and the
// uploaded files and secrets), on the embedded database and, when pg_dump is available and
// TEST_DATABASE_URL is set, on PostgreSQL.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  codeSchemaVersion,
  type Database,
  databaseSchemaVersion,
  openPglite,
  openPostgres,
} from '../../src/db/client.js';
import { MAIL_LINK_SLOT } from '../../src/platform/mail.js';
import { LocalStorage } from '../../src/platform/storage.js';
import { APP_COMMIT, APP_VERSION } from '../../src/version.js';
import {
  backup,
  JWT_SECRET_NOT_INCLUDED,
  keyFingerprint,
  type Manifest,
  restore,
  tableCounts,
  verifyBackup,
} from '../../scripts/backup.js';
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

// An operator trusts a backup they can check: release and schema recorded, every file's SHA-256,
// nothing readable by other accounts, the missing key said out loud, and a restore that refuses
// what would not work (a newer schema, a changed file, another key).
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
const script = path.join(repoRoot, 'apps', 'server', 'scripts', 'backup.ts');

const CLI_COMMIT = 'c0ffee123456';

/** Runs the backup script as `npm run backup` / `npm run restore` do. */
function cli(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(tsx, [script, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    // A fixed commit: the checkout's HEAD may move while the test runs (AGORA_COMMIT wins over git).
    env: {
      ...process.env,
      DATABASE_URL: '',
      JWT_SECRET: '',
      NODE_ENV: 'development',
      AGORA_COMMIT: CLI_COMMIT,
      ...env,
    },
    timeout: 90_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function mode(p: string): number {
  return statSync(p).mode & 0o777;
}

/** Every file and folder of a backup, with its mode. */
function modes(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel))) {
      const r = rel ? `${rel}/${name}` : name;
      out[r] = mode(path.join(dir, r));
      if (statSync(path.join(dir, r)).isDirectory()) walk(r);
    }
  };
  walk('');
  return out;
}

const sha256 = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');

/** Uploaded files as a server leaves them: world-readable (0644). */
function someUploads(dataDir: string): string[] {
  mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
  const names = ['3f9a-logo.png', '7c21-answer.pdf'];
  for (const n of names) {
    writeFileSync(path.join(dataDir, 'uploads', n), randomBytes(2048));
    chmodSync(path.join(dataDir, 'uploads', n), 0o644);
  }
  return names;
}

/** Changes one byte of a file, returning how to put it back. */
function flipByte(file: string): () => void {
  const original = readFileSync(file);
  const changed = Buffer.from(original);
  changed[100] = changed[100]! ^ 0x01;
  writeFileSync(file, changed);
  return () => writeFileSync(file, original);
}

/** Rewrites the manifest as if a newer release (one more migration) had taken the backup. */
function fromNewerRelease(out: string) {
  const m = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as Manifest;
  const code = codeSchemaVersion();
  m.schema = { version: code.version + 1, createdAt: code.createdAt + 100_000 };
  m.app = { version: '9.9.0', commit: 'abcdef012345' };
  writeFileSync(path.join(out, 'manifest.json'), JSON.stringify(m, null, 2));
}

describe('a backup an operator can trust', () => {
  it('embedded: records release, schema and checksums, is 0700/0600, verifies, refuses a newer schema', async () => {
    const dataDir = tmp('trust-data');
    const key = 'the-embedded-key-kept-in-data-dir-0123456789';
    writeFileSync(path.join(dataDir, 'jwt-secret'), key);
    writeFileSync(path.join(dataDir, 'sandbox-payment-secret'), randomBytes(32).toString('base64url'));
    const database = await openPglite(dataDir);
    await database.migrate();
    const schema = await databaseSchemaVersion(database.db);
    await database.close();
    const uploads = someUploads(dataDir);

    const out = path.join(tmp('trust-backup'), 'b');
    const manifest = await backup({ dataDir, databaseUrl: null, jwtSecret: key }, out);
    expect(manifest.format).toBe(2);
    expect(manifest.app).toEqual({ version: APP_VERSION, commit: APP_COMMIT });
    expect(APP_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest.schema).toEqual(schema);
    expect(manifest.schema!.version).toBe(codeSchemaVersion().version);
    // Every file but the manifest has its checksum: the tarball, each upload, each secret.
    const files = Object.keys(modes(out)).filter((f) => statSync(path.join(out, f)).isFile());
    expect(Object.keys(manifest.checksums!).sort()).toEqual(
      files.filter((f) => f !== 'manifest.json').sort(),
    );
    expect(Object.keys(manifest.checksums!)).toEqual(
      expect.arrayContaining([
        'pglite-datadir.tar.gz',
        ...uploads.map((u) => `uploads/${u}`),
        'secrets/jwt-secret',
        'secrets/sandbox-payment-secret',
      ]),
    );
    for (const [f, sum] of Object.entries(manifest.checksums!)) expect(sha256(path.join(out, f))).toBe(sum);
    // The key is in the backup (DATA_DIR/jwt-secret), so nothing to warn about.
    expect(manifest.jwtSecret).toEqual({ included: true, fingerprint: keyFingerprint(key) });
    // The folder 0700, every folder in it 0700 and every file 0600 (the uploads were 0644).
    expect(mode(out)).toBe(0o700);
    for (const [f, m] of Object.entries(modes(out)))
      expect([f, m]).toEqual([f, statSync(path.join(out, f)).isDirectory() ? 0o700 : 0o600]);

    expect(verifyBackup(out)).toEqual({ ok: true, checked: files.length - 1, problems: [] });
    const fine = cli(['backup', '--verify', out]);
    expect(fine.status, fine.stderr).toBe(0);
    expect(fine.stdout).toContain(`${files.length - 1} files match their SHA-256 checksums`);

    // One byte of one upload changed: verify names it and exits non-zero; restore touches nothing.
    const putBack = flipByte(path.join(out, 'uploads', uploads[0]!));
    expect(verifyBackup(out).problems).toEqual([
      `uploads/${uploads[0]}: checksum differs from the manifest's`,
    ]);
    const bad = cli(['backup', '--verify', out]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(`uploads/${uploads[0]}: checksum differs`);
    const untouched = tmp('trust-untouched');
    await expect(restore({ dataDir: untouched, databaseUrl: null }, out)).rejects.toThrow(
      /does not match its checksums/,
    );
    expect(existsSync(path.join(untouched, 'db'))).toBe(false);
    putBack();
    // A file gone, a file added: both reported.
    rmSync(path.join(out, 'secrets', 'sandbox-payment-secret'));
    writeFileSync(path.join(out, 'uploads', 'smuggled.html'), '<script>');
    expect(verifyBackup(out).problems.sort()).toEqual([
      'secrets/sandbox-payment-secret: missing',
      'uploads/smuggled.html: not in the manifest',
    ]);

    // A backup taken by a newer release (one migration more): refused before anything is touched,
    // in one line, with a non-zero exit.
    const newer = path.join(tmp('trust-newer'), 'b');
    await backup({ dataDir, databaseUrl: null }, newer);
    fromNewerRelease(newer);
    const target = tmp('trust-newer-target');
    await expect(restore({ dataDir: target, databaseUrl: null }, newer)).rejects.toThrow(
      /schema \(\d+, written by Agora 9\.9\.0\) is newer than this release's/,
    );
    const refused = cli(['restore', newer], { DATA_DIR: target });
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/is newer than this release's .*restore it with Agora 9\.9\.0 or newer/);
    expect(existsSync(path.join(target, 'db'))).toBe(false);
  }, 180_000);

  it.runIf(TEST_DATABASE_URL && hasPgDump)(
    'PostgreSQL: says JWT_SECRET is not included, dump 0600, verifies, refuses a newer schema and another key',
    async () => {
      const source = await freshDatabase();
      const target = await freshDatabase();
      try {
        const dataDir = tmp('trust-pg-data');
        const uploads = someUploads(dataDir);
        const key = randomBytes(48).toString('base64');
        const out = path.join(tmp('trust-pg-backup'), 'b');
        const made = cli(['backup', '--out', out], {
          DATABASE_URL: source.url!,
          JWT_SECRET: key,
          DATA_DIR: dataDir,
        });
        expect(made.status, made.stderr).toBe(0);
        // Said where the operator reads it, and in the manifest.
        expect(made.stdout).toContain(JWT_SECRET_NOT_INCLUDED);
        expect(made.stdout).toContain(keyFingerprint(key));
        const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as Manifest;
        expect(manifest.jwtSecret).toEqual({
          included: false,
          fingerprint: keyFingerprint(key),
          note: JWT_SECRET_NOT_INCLUDED,
        });
        expect(JWT_SECRET_NOT_INCLUDED).toMatch(/payout details/);
        expect(readFileSync(path.join(out, 'manifest.json'), 'utf8')).not.toContain(key);
        expect(manifest.app).toEqual({ version: APP_VERSION, commit: CLI_COMMIT });
        expect(made.stdout).toContain(
          `Agora ${APP_VERSION} (${CLI_COMMIT}), schema ${codeSchemaVersion().version}`,
        );
        expect(manifest.schema!.version).toBe(codeSchemaVersion().version);
        expect(manifest.checksums!['postgres.dump']).toBe(sha256(path.join(out, 'postgres.dump')));
        for (const u of uploads)
          expect(manifest.checksums![`uploads/${u}`]).toBe(sha256(path.join(dataDir, 'uploads', u)));
        expect(mode(out)).toBe(0o700);
        expect(mode(path.join(out, 'postgres.dump'))).toBe(0o600);
        expect(mode(path.join(out, 'manifest.json'))).toBe(0o600);
        for (const [f, m] of Object.entries(modes(out)))
          expect([f, m]).toEqual([f, statSync(path.join(out, f)).isDirectory() ? 0o700 : 0o600]);

        expect(verifyBackup(out).ok).toBe(true);
        const putBack = flipByte(path.join(out, 'uploads', uploads[1]!));
        const bad = cli(['backup', '--verify', out]);
        expect(bad.status).toBe(1);
        expect(bad.stderr).toContain(`uploads/${uploads[1]}: checksum differs`);
        putBack();
        expect(cli(['backup', '--verify', out]).status).toBe(0);

        // Another JWT_SECRET would leave pending withdrawals unreadable: refused, nothing restored.
        const restoreDir = tmp('trust-pg-restored');
        await expect(
          restore(
            {
              dataDir: restoreDir,
              databaseUrl: target.url,
              jwtSecret: `${key}-other`,
              jwtSecretFromEnv: true,
            },
            out,
          ),
        ).rejects.toThrow(/JWT_SECRET differs from the key this backup was taken with.*--new-key/);
        expect(existsSync(path.join(restoreDir, 'uploads'))).toBe(false);
        const same = await restore(
          { dataDir: restoreDir, databaseUrl: target.url, jwtSecret: key, jwtSecretFromEnv: true },
          out,
        );
        expect(same.mismatches).toEqual([]);

        fromNewerRelease(out);
        await expect(
          restore({ dataDir: tmp('x'), databaseUrl: target.url, jwtSecret: key }, out, { force: true }),
        ).rejects.toThrow(/is newer than this release's/);
      } finally {
        await source.close();
        await target.close();
      }
    },
    180_000,
  );
});
