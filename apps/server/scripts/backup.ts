// npm run backup [-- --out DIR]      → a backup folder (database + uploaded files + generated secrets)
// npm run backup -- --verify DIR     → checks every file of a backup against its SHA-256 in the manifest
// npm run restore -- DIR [--force] [--new-key]
//                                    → puts a backup back and checks every table's row count
//
// Embedded database (DATABASE_URL unset): the server must be stopped (its lock on DATA_DIR is
// honoured); the PGlite data directory is dumped as a consistent tarball. PostgreSQL: pg_dump /
// pg_restore from PATH (custom format), which are consistent while the server runs.
// The database holds no usable reset link to redact: a reset token exists only in its e-mail
// (minted as it is sent, src/mail-links.ts; the outbox keeps a placeholder, the reset a hash).
// A backup folder holds manifest.json (release, schema version, row count of every table, SHA-256
// of every other file), the database file, uploads/ and secrets/ (jwt-secret,
// sandbox-payment-secret, sandbox-webhook-secret). It holds bank account numbers (encrypted) and
// secrets: the folder is 0700 and every file 0600, whatever the umask.
// JWT_SECRET set in the environment (always so with PostgreSQL) is not in the backup, yet it is the
// root of the key that encrypts the stored bank account numbers: the backup says so, records a
// fingerprint of the key, and restore refuses another key unless told (--new-key).
import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import {
  codeSchemaVersion,
  type Database,
  type Db,
  DatabaseLockedError,
  databaseSchemaVersion,
  openPglite,
  openPostgres,
} from '../src/db/client.js';
import { APP_COMMIT, APP_VERSION } from '../src/version.js';

const SECRET_FILES = ['jwt-secret', 'sandbox-payment-secret', 'sandbox-webhook-secret'];

/** Said in the manifest and the output of a backup that does not hold the key in use. */
export const JWT_SECRET_NOT_INCLUDED =
  'JWT_SECRET is not included in this backup. Keep it with the backup: it is needed to read payout details (the bank account numbers of pending withdrawals); restored with another key, they answer PAYOUT_DETAILS_UNREADABLE.';

export interface Manifest {
  /** 1: before checksums, release and schema were recorded (still restorable, not verifiable). */
  format: 1 | 2;
  createdAt: string;
  /** The release that wrote the backup (root package.json version) and its git commit. */
  app?: { version: string; commit: string };
  /** Migrations the database had applied (databaseSchemaVersion), and the newest one's time. */
  schema?: { version: number; createdAt: number | null };
  database: 'pglite' | 'postgres';
  file: string;
  counts: Record<string, number>;
  uploads: number;
  /** SHA-256 (hex) of every file in the folder but manifest.json, by its '/'-separated path. */
  checksums?: Record<string, string>;
  /** Whether the key in use (JWT_SECRET) is in secrets/, and a fingerprint to recognise it by. */
  jwtSecret?: { included: boolean; fingerprint: string | null; note?: string };
}

export interface Target {
  dataDir: string;
  databaseUrl: string | null;
  /** The key in use (config.jwtSecret): fingerprinted by backup, compared by restore. */
  jwtSecret?: string;
  /** Whether it comes from the environment (JWT_SECRET) rather than DATA_DIR/jwt-secret. */
  jwtSecretFromEnv?: boolean;
}

/** Refusals an operator acts on: the CLI prints the message alone, as one line. */
export class BackupRefusedError extends Error {}

/** Recognises a key without revealing it: an HMAC of a fixed label under the key, 16 hex digits. */
export function keyFingerprint(secret: string): string {
  return createHmac('sha256', secret).update('agora/backup/key-fingerprint/v1').digest('hex').slice(0, 16);
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Every file under `dir` ('/'-separated, relative), directories first made 0700 and files 0600. */
function lockDown(dir: string, rel = ''): string[] {
  chmodSync(path.join(dir, rel), 0o700);
  const files: string[] = [];
  for (const name of readdirSync(path.join(dir, rel)).sort()) {
    const r = rel ? `${rel}/${name}` : name;
    const st = lstatSync(path.join(dir, r));
    if (st.isDirectory()) files.push(...lockDown(dir, r));
    else if (st.isFile()) {
      chmodSync(path.join(dir, r), 0o600);
      files.push(r);
    }
  }
  return files;
}

/** Files under `dir` ('/'-separated, relative), without changing them. */
function listFiles(dir: string, rel = ''): string[] {
  const files: string[] = [];
  for (const name of readdirSync(path.join(dir, rel)).sort()) {
    const r = rel ? `${rel}/${name}` : name;
    const st = lstatSync(path.join(dir, r));
    if (st.isDirectory()) files.push(...listFiles(dir, r));
    else files.push(r);
  }
  return files;
}

/** Row count of every table (public schema, plus the migrations journal). */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = (
    (await db.execute(
      sql`select schemaname, tablename from pg_tables where schemaname in ('public', 'drizzle') order by 1, 2`,
    )) as unknown as { rows: { schemaname: string; tablename: string }[] }
  ).rows;
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const name = t.schemaname === 'public' ? t.tablename : `${t.schemaname}.${t.tablename}`;
    const res = (await db.execute(
      sql.raw(`select count(*)::int as n from "${t.schemaname}"."${t.tablename}"`),
    )) as unknown as { rows: { n: number }[] };
    counts[name] = Number(res.rows[0]!.n);
  }
  return counts;
}

function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const r = spawnSync(name, ['--version'], { encoding: 'utf8' });
  if (r.status !== 0) {
    throw new Error(
      `${name} was not found on PATH: install the PostgreSQL client tools to back up PostgreSQL`,
    );
  }
  return name;
}

function copyUploads(from: string, to: string): number {
  if (!existsSync(from)) return 0;
  mkdirSync(to, { recursive: true });
  cpSync(from, to, { recursive: true });
  return readdirSync(to).length;
}

function pgliteClient(database: Database): PGlite {
  return (database.db as unknown as { $client: PGlite }).$client;
}

export async function backup(target: Target, outDir: string): Promise<Manifest> {
  if (existsSync(outDir) && readdirSync(outDir).length > 0)
    throw new Error(`${outDir} exists and is not empty`);
  mkdirSync(outDir, { recursive: true, mode: 0o700 });
  // Before anything is written into it: the dump holds encrypted bank numbers and password hashes.
  chmodSync(outDir, 0o700);
  const createdAt = new Date().toISOString();
  const app = { version: APP_VERSION, commit: APP_COMMIT };
  let manifest: Manifest;
  if (!target.databaseUrl) {
    // Takes the DATA_DIR lock: refuses while a server is running on it.
    const database = await openPglite(target.dataDir);
    try {
      const counts = await tableCounts(database.db);
      const { version, createdAt: schemaAt } = await databaseSchemaVersion(database.db);
      const dump = await pgliteClient(database).dumpDataDir('gzip');
      const file = 'pglite-datadir.tar.gz';
      writeFileSync(path.join(outDir, file), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      manifest = {
        format: 2,
        createdAt,
        app,
        schema: { version, createdAt: schemaAt },
        database: 'pglite',
        file,
        counts,
        uploads: 0,
      };
    } finally {
      await database.close();
    }
  } else {
    const tool = pgTool('pg_dump');
    const file = 'postgres.dump';
    // One snapshot for the whole dump; counts are taken right after (a busy server may differ by
    // the writes in between, which the restore check reports rather than hides).
    const r = spawnSync(
      tool,
      ['--format=custom', '--no-owner', '--file', path.join(outDir, file), target.databaseUrl],
      {
        encoding: 'utf8',
      },
    );
    if (r.status !== 0) throw new Error(`pg_dump failed: ${r.stderr.trim()}`);
    const database = await openPostgres(target.databaseUrl, 1);
    try {
      const { version, createdAt: schemaAt } = await databaseSchemaVersion(database.db);
      manifest = {
        format: 2,
        createdAt,
        app,
        schema: { version, createdAt: schemaAt },
        database: 'postgres',
        file,
        counts: await tableCounts(database.db),
        uploads: 0,
      };
    } finally {
      await database.close();
    }
  }
  manifest.uploads = copyUploads(path.join(target.dataDir, 'uploads'), path.join(outDir, 'uploads'));
  mkdirSync(path.join(outDir, 'secrets'), { recursive: true, mode: 0o700 });
  for (const name of SECRET_FILES) {
    const f = path.join(target.dataDir, name);
    if (existsSync(f)) cpSync(f, path.join(outDir, 'secrets', name));
  }
  // The key in use is in the backup only when it is DATA_DIR/jwt-secret (the embedded database
  // without JWT_SECRET); with PostgreSQL it is always the environment's.
  const keyFile = path.join(outDir, 'secrets', 'jwt-secret');
  const included =
    !target.databaseUrl &&
    !target.jwtSecretFromEnv &&
    existsSync(keyFile) &&
    (target.jwtSecret === undefined || readFileSync(keyFile, 'utf8').trim() === target.jwtSecret);
  manifest.jwtSecret = {
    included,
    fingerprint: target.jwtSecret ? keyFingerprint(target.jwtSecret) : null,
    ...(included ? {} : { note: JWT_SECRET_NOT_INCLUDED }),
  };
  manifest.checksums = Object.fromEntries(
    lockDown(outDir).map((f) => [f, sha256(path.join(outDir, f))] as const),
  );
  writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  chmodSync(path.join(outDir, 'manifest.json'), 0o600);
  return manifest;
}

/** What `npm run backup` prints about a backup it wrote. */
export function backupSummary(m: Manifest, out: string): string[] {
  const rows = Object.values(m.counts).reduce((s, n) => s + n, 0);
  const lines = [
    `Backed up the ${m.database} database (${Object.keys(m.counts).length} tables, ${rows} rows) and ${m.uploads} uploaded files to ${out}`,
    `Agora ${m.app?.version} (${m.app?.commit}), schema ${m.schema?.version}; ${Object.keys(m.checksums ?? {}).length} files with SHA-256 checksums (npm run backup -- --verify ${out})`,
  ];
  if (m.jwtSecret && !m.jwtSecret.included) {
    lines.push(
      `WARNING: ${JWT_SECRET_NOT_INCLUDED}${m.jwtSecret.fingerprint ? ` Key fingerprint: ${m.jwtSecret.fingerprint}.` : ''}`,
    );
  }
  return lines;
}

export interface VerifyReport {
  ok: boolean;
  /** Files checked against their checksum. */
  checked: number;
  /** One line per file that differs, is missing, or is not in the manifest. */
  problems: string[];
}

/** Checks every file of a backup folder against the SHA-256 its manifest recorded. */
export function verifyBackup(dir: string): VerifyReport {
  const manifestPath = path.join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) return { ok: false, checked: 0, problems: ['manifest.json: missing'] };
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  } catch {
    return { ok: false, checked: 0, problems: ['manifest.json: not valid JSON'] };
  }
  if (!manifest.checksums) {
    return {
      ok: false,
      checked: 0,
      problems: [
        `manifest.json: format ${manifest.format} records no checksums; this backup cannot be verified`,
      ],
    };
  }
  const problems: string[] = [];
  let checked = 0;
  for (const [file, want] of Object.entries(manifest.checksums)) {
    const f = path.join(dir, file);
    if (!existsSync(f)) {
      problems.push(`${file}: missing`);
      continue;
    }
    checked++;
    if (sha256(f) !== want) problems.push(`${file}: checksum differs from the manifest's`);
  }
  for (const file of listFiles(dir)) {
    if (file !== 'manifest.json' && !(file in manifest.checksums))
      problems.push(`${file}: not in the manifest`);
  }
  return { ok: problems.length === 0, checked, problems };
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface RestoreReport {
  counts: Record<string, number>;
  mismatches: string[];
  movedAside: string | null;
}

/**
 * Restores a backup folder into the target. The embedded database's current folder is kept aside
 * (db.before-restore-<time>) rather than deleted. Row counts are compared with the manifest.
 */
export async function restore(
  target: Target,
  fromDir: string,
  opts: { force?: boolean; newKey?: boolean } = {},
): Promise<RestoreReport> {
  const manifest = JSON.parse(readFileSync(path.join(fromDir, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 1 && manifest.format !== 2)
    throw new Error(`unknown backup format ${manifest.format}`);
  const wantPg = Boolean(target.databaseUrl);
  if ((manifest.database === 'postgres') !== wantPg) {
    throw new Error(
      `this backup is of the ${manifest.database} database; set ${manifest.database === 'postgres' ? 'DATABASE_URL' : 'no DATABASE_URL'} to restore it`,
    );
  }
  // A schema this code does not know: its migrations would be missing here, and the server would
  // refuse to serve the restored database. Checked before anything is touched.
  const code = codeSchemaVersion();
  if (
    manifest.schema &&
    (manifest.schema.version > code.version || (manifest.schema.createdAt ?? 0) > code.createdAt)
  ) {
    throw new BackupRefusedError(
      `This backup's schema (${manifest.schema.version}, written by Agora ${manifest.app?.version ?? 'unknown'}) is newer than this release's (${code.version}, Agora ${APP_VERSION}): restore it with Agora ${manifest.app?.version ?? 'of that release'} or newer.`,
    );
  }
  if (manifest.checksums) {
    const check = verifyBackup(fromDir);
    if (!check.ok) {
      throw new BackupRefusedError(
        `This backup does not match its checksums (${check.problems.length} problem(s), first: ${check.problems[0]}): nothing was restored; see npm run backup -- --verify ${fromDir}`,
      );
    }
  }
  // The key the restored server will read bank account numbers with: the environment's, or on the
  // embedded database without JWT_SECRET the backup's own secrets/jwt-secret.
  const fingerprint = manifest.jwtSecret?.fingerprint;
  if (fingerprint && !opts.newKey) {
    let keyAfter = target.jwtSecret;
    const backedUpKey = path.join(fromDir, 'secrets', 'jwt-secret');
    if (!wantPg && !target.jwtSecretFromEnv && existsSync(backedUpKey))
      keyAfter = readFileSync(backedUpKey, 'utf8').trim();
    if (keyAfter !== undefined && keyFingerprint(keyAfter) !== fingerprint) {
      throw new BackupRefusedError(
        `JWT_SECRET differs from the key this backup was taken with (fingerprint ${fingerprint}, this one ${keyFingerprint(keyAfter)}): with it, pending withdrawals could not read their bank account numbers (PAYOUT_DETAILS_UNREADABLE). Set that JWT_SECRET, or pass --new-key to restore anyway.`,
      );
    }
  }
  let movedAside: string | null = null;
  let database: Database;
  if (!wantPg) {
    mkdirSync(target.dataDir, { recursive: true });
    const lock = path.join(target.dataDir, 'agora.lock');
    if (existsSync(lock)) {
      const pid = Number(readFileSync(lock, 'utf8').trim());
      if (pid > 0 && pid !== process.pid && pidAlive(pid)) {
        throw new DatabaseLockedError(
          `A server (pid ${pid}) is using ${target.dataDir}: stop it before restoring.`,
        );
      }
    }
    const dbDir = path.join(target.dataDir, 'db');
    if (existsSync(dbDir) && readdirSync(dbDir).length > 0) {
      movedAside = `${dbDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dbDir, movedAside);
    }
    const tarball = new Blob([readFileSync(path.join(fromDir, manifest.file))]);
    const client = await PGlite.create(dbDir, { loadDataDir: tarball });
    await client.close();
    database = await openPglite(target.dataDir);
  } else {
    const tool = pgTool('pg_restore');
    const check = await openPostgres(target.databaseUrl!, 1);
    const existing = await tableCounts(check.db).finally(() => check.close());
    // A migrated but unused database (no accounts) counts as empty.
    if ((existing.users ?? 0) > 0 && !opts.force) {
      throw new Error(
        `the target database is not empty (${existing.users} users); pass --force to replace its contents`,
      );
    }
    const r = spawnSync(
      tool,
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        '--exit-on-error',
        '--dbname',
        target.databaseUrl!,
        path.join(fromDir, manifest.file),
      ],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`pg_restore failed: ${r.stderr.trim()}`);
    database = await openPostgres(target.databaseUrl!, 1);
  }
  let counts: Record<string, number>;
  try {
    counts = await tableCounts(database.db);
  } finally {
    await database.close();
  }
  if (existsSync(path.join(fromDir, 'uploads')))
    copyUploads(path.join(fromDir, 'uploads'), path.join(target.dataDir, 'uploads'));
  for (const name of SECRET_FILES) {
    const f = path.join(fromDir, 'secrets', name);
    if (existsSync(f)) {
      cpSync(f, path.join(target.dataDir, name));
      chmodSync(path.join(target.dataDir, name), 0o600);
    }
  }
  const mismatches = Object.entries(manifest.counts)
    .filter(([t, n]) => counts[t] !== n)
    .map(([t, n]) => `${t}: backup has ${n} rows, restored ${counts[t] ?? 'no table'}`);
  return { counts, mismatches, movedAside };
}

async function cli() {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'backup' && args.includes('--verify')) {
    // Needs no configuration: a backup can be checked anywhere it was copied to.
    const dir = args[args.indexOf('--verify') + 1];
    if (!dir) throw new Error('usage: npm run backup -- --verify <backup folder>');
    const report = verifyBackup(path.resolve(dir));
    if (!report.ok) {
      console.error(
        `Backup ${path.resolve(dir)} is NOT intact (${report.problems.length} problem(s)):\n  ${report.problems.join('\n  ')}`,
      );
      process.exit(1);
    }
    console.log(
      `Backup ${path.resolve(dir)} is intact: ${report.checked} files match their SHA-256 checksums.`,
    );
    return;
  }
  const config = loadConfig(process.env);
  const target: Target = {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    jwtSecret: config.jwtSecret,
    jwtSecretFromEnv: Boolean(process.env.JWT_SECRET?.trim()),
  };
  if (command === 'backup') {
    const i = args.indexOf('--out');
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = path.resolve(i >= 0 ? args[i + 1]! : path.join('backups', `agora-${stamp}`));
    const m = await backup(target, out);
    for (const line of backupSummary(m, out)) console.log(line);
    if (config.storage.kind === 's3') {
      console.log(
        `WARNING: STORAGE=s3: the uploaded files are in the bucket ${config.storage.bucket}, not in this backup; back the bucket up with its own tools (versioning, replication).`,
      );
    }
  } else if (command === 'restore') {
    const from = args.find((a) => !a.startsWith('--'));
    if (!from) throw new Error('usage: npm run restore -- <backup folder> [--force] [--new-key]');
    const report = await restore(target, path.resolve(from), {
      force: args.includes('--force'),
      newKey: args.includes('--new-key'),
    });
    if (report.movedAside) console.log(`The previous database was kept in ${report.movedAside}`);
    for (const [t, n] of Object.entries(report.counts)) console.log(`  ${t.padEnd(32)} ${n}`);
    if (report.mismatches.length) {
      console.error(`Restore finished with differences:\n  ${report.mismatches.join('\n  ')}`);
      process.exit(1);
    }
    console.log(`Restored ${path.resolve(from)}: every table has the row count of the backup.`);
  } else {
    throw new Error(
      'usage: backup.ts backup [--out DIR] | backup --verify DIR | restore DIR [--force] [--new-key]',
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli().catch((err) => {
    console.error(
      err instanceof DatabaseLockedError || err instanceof BackupRefusedError
        ? err.message
        : `Error: ${(err as Error).message}`,
    );
    process.exit(1);
  });
}
