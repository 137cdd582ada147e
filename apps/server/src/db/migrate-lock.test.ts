import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, TEST_DATABASE_URL, testConfig } from '../../test/helpers.js';
import { buildApp } from '../app.js';
import { openDatabase } from './client.js';
import { rowsOf } from './prepared.js';

// PostgreSQL only: several instances starting together on one empty database is a PostgreSQL
// deployment; the embedded database is single-process (its DATA_DIR lock refuses a second server).
describe.runIf(TEST_DATABASE_URL)('migrations under an advisory lock', () => {
  it('lets four instances starting together on an empty database all come up (migrations, then the admin account)', async () => {
    const empty = await emptyPostgresDatabase();
    const instances = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: empty.url, dataDir: null, poolMax: 2 })),
    );
    try {
      const results = await Promise.allSettled(instances.map((d) => d.migrate()));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
        'ok',
      ]);
      const journal = JSON.parse(
        readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
      ) as { entries: unknown[] };
      const rows = rowsOf<{ n: number }>(
        await instances[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      // Each migration applied once.
      expect(rows[0]!.n).toBe(journal.entries.length);
      // And again later (a restart): nothing left to do, nothing fails.
      await instances[1]!.migrate();
      // Each then ensures the configured admin: one creates it, none fails.
      const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-cold-'));
      const config = testConfig(dataDir, {
        adminEmail: 'root@example.com',
        adminPassword: 'root-password-1',
      });
      const apps = await Promise.all(
        instances.map((database) => buildApp({ config, database, logger: false })),
      );
      await Promise.all(apps.map((a) => a.close()));
      rmSync(dataDir, { recursive: true, force: true });
      const admins = rowsOf(
        await instances[0]!.db.execute(sql`select role from users where email = 'root@example.com'`),
      );
      expect(admins).toEqual([{ role: 'admin' }]);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
      await empty.drop();
    }
  }, 120_000);
});
