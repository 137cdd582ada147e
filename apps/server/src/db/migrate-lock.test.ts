import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, TEST_DATABASE_URL } from '../../test/helpers.js';
import { openDatabase } from './client.js';

// PostgreSQL only: several instances starting together on one empty database is a PostgreSQL
// deployment; the embedded database is single-process (its DATA_DIR lock refuses a second server).
describe.runIf(TEST_DATABASE_URL)('migrations under an advisory lock', () => {
  it('lets four instances starting together on an empty database all come up', async () => {
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
      const { rows } = (await instances[0]!.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: Array<{ n: number }> };
      // Each migration applied once.
      expect(rows[0]!.n).toBe(journal.entries.length);
      // And again later (a restart): nothing left to do, nothing fails.
      await instances[1]!.migrate();
    } finally {
      await Promise.all(instances.map((d) => d.close()));
      await empty.drop();
    }
  }, 120_000);
});
