// npm run backup [-- --out DIR]      → a backup folder (database + uploaded files + generated secrets)
// npm run restore -- DIR [--force]   → puts a backup back and checks every table's row count
//
// Embedded database (DATABASE_URL unset): the server must be stopped (its lock on DATA_DIR is
// honoured); the PGlite data directory is dumped as a consistent tarball. PostgreSQL: pg_dump /
// pg_restore from PATH (custom format), which are consistent while the server runs.
// The database holds no usable reset link to redact: a reset token exists only in its e-mail
// (minted as it is sent, src/mail-links.ts; the outbox keeps a placeholder, the reset a hash).
// A backup folder holds manifest.json (row count of every table), the database file, uploads/
// and secrets/ (jwt-secret, sandbox-payment-secret, sandbox-webhook-secret).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { type Database, type Db, DatabaseLockedError, openPglite, openPostgres } from '../src/db/client.js';

const SECRET_FILES = ['jwt-secret', 'sandbox-payment-secret', 'sandbox-webhook-secret'];

export interface Manifest {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  file: string;
  counts: Record<string, number>;
  uploads: number;
}

export interface Target {
  dataDir: string;
  databaseUrl: string | null;
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
  mkdirSync(outDir, { recursive: true });
  const createdAt = new Date().toISOString();
  let manifest: Manifest;
  if (!target.databaseUrl) {
    // Takes the DATA_DIR lock: refuses while a server is running on it.
    const database = await openPglite(target.dataDir);
    try {
      const counts = await tableCounts(database.db);
      const dump = await pgliteClient(database).dumpDataDir('gzip');
      const file = 'pglite-datadir.tar.gz';
      writeFileSync(path.join(outDir, file), Buffer.from(await dump.arrayBuffer()));
      manifest = { format: 1, createdAt, database: 'pglite', file, counts, uploads: 0 };
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
      manifest = {
        format: 1,
        createdAt,
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
  mkdirSync(path.join(outDir, 'secrets'), { recursive: true });
  for (const name of SECRET_FILES) {
    const f = path.join(target.dataDir, name);
    if (existsSync(f)) cpSync(f, path.join(outDir, 'secrets', name));
  }
  writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
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
  opts: { force?: boolean } = {},
): Promise<RestoreReport> {
  const manifest = JSON.parse(readFileSync(path.join(fromDir, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`unknown backup format ${manifest.format}`);
  const wantPg = Boolean(target.databaseUrl);
  if ((manifest.database === 'postgres') !== wantPg) {
    throw new Error(
      `this backup is of the ${manifest.database} database; set ${manifest.database === 'postgres' ? 'DATABASE_URL' : 'no DATABASE_URL'} to restore it`,
    );
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
    if (existsSync(f)) cpSync(f, path.join(target.dataDir, name));
  }
  const mismatches = Object.entries(manifest.counts)
    .filter(([t, n]) => counts[t] !== n)
    .map(([t, n]) => `${t}: backup has ${n} rows, restored ${counts[t] ?? 'no table'}`);
  return { counts, mismatches, movedAside };
}

async function cli() {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig(process.env);
  const target = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
  if (command === 'backup') {
    const i = args.indexOf('--out');
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = path.resolve(i >= 0 ? args[i + 1]! : path.join('backups', `agora-${stamp}`));
    const m = await backup(target, out);
    const rows = Object.values(m.counts).reduce((s, n) => s + n, 0);
    console.log(
      `Backed up the ${m.database} database (${Object.keys(m.counts).length} tables, ${rows} rows) and ${m.uploads} uploaded files to ${out}`,
    );
  } else if (command === 'restore') {
    const from = args.find((a) => !a.startsWith('--'));
    if (!from) throw new Error('usage: npm run restore -- <backup folder> [--force]');
    const report = await restore(target, path.resolve(from), { force: args.includes('--force') });
    if (report.movedAside) console.log(`The previous database was kept in ${report.movedAside}`);
    for (const [t, n] of Object.entries(report.counts)) console.log(`  ${t.padEnd(32)} ${n}`);
    if (report.mismatches.length) {
      console.error(`Restore finished with differences:\n  ${report.mismatches.join('\n  ')}`);
      process.exit(1);
    }
    console.log(`Restored ${path.resolve(from)}: every table has the row count of the backup.`);
  } else {
    throw new Error('usage: backup.ts backup [--out DIR] | restore DIR [--force]');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli().catch((err) => {
    console.error(err instanceof DatabaseLockedError ? err.message : `Error: ${(err as Error).message}`);
    process.exit(1);
  });
}
