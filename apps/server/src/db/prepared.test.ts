import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, TEST_DATABASE_URL } from '../../test/helpers.js';
import type { Executor } from './client.js';
import { prepared, slot, verifyShapes } from './prepared.js';
import { users } from './schema/index.js';

const rowsOf = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];

describe('prepared statements per shape', () => {
  afterEach(() => {
    verifyShapes(true);
  });

  it('builds a shape once per handle and fills each call with its own values', async () => {
    const database = await freshDatabase();
    try {
      verifyShapes(false);
      const builds: string[] = [];
      const add = prepared((_db: Executor, shape: { plusTen: boolean }) => {
        builds.push(String(shape.plusTen));
        return shape.plusTen ? sql`select ${slot('x')}::int + 10 as v` : sql`select ${slot('x')}::int as v`;
      });
      const run = async (plusTen: boolean, x: number) =>
        rowsOf<{ v: number }>(await add(database.db, String(plusTen), { plusTen }, { x }))[0]?.v;
      expect(await run(false, 1)).toBe(1);
      expect(await run(false, 2)).toBe(2);
      expect(await run(true, 3)).toBe(13);
      expect(await run(true, 4)).toBe(14);
      expect(builds).toEqual(['false', 'true']);

      // A query builder: Drizzle maps the rows as it would unprepared.
      const byEmail = prepared((db: Executor) =>
        db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(sql`${users.email} = ${slot('email')}`),
      );
      expect(await byEmail(database.db, '', undefined, { email: 'nobody@example.com' })).toEqual([]);

      // In a transaction (another handle) the statement is built for that handle and sees its rows.
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`create temporary table t (n int) on commit drop`);
        await tx.execute(sql`insert into t values (5)`);
        const read = prepared((_db: Executor) => sql`select n from t where n = ${slot('n')}::int`);
        expect(rowsOf(await read(tx, '', undefined, { n: 5 }))).toEqual([{ n: 5 }]);
      });
    } finally {
      await database.close();
    }
  });

  it('keeps at most 128 shapes per handle, dropping the oldest', async () => {
    const database = await freshDatabase();
    try {
      verifyShapes(false);
      let builds = 0;
      const pick = prepared((_db: Executor, n: number) => {
        builds++;
        return sql`select ${slot('x')}::int + ${sql.raw(String(n))} as v`;
      });
      const run = async (n: number) =>
        rowsOf<{ v: number }>(await pick(database.db, String(n), n, { x: 1 }))[0]?.v;
      for (let n = 0; n <= 128; n++) expect(await run(n)).toBe(n + 1);
      expect(builds).toBe(129);
      expect(await run(128)).toBe(129); // kept
      expect(builds).toBe(129);
      expect(await run(0)).toBe(1); // the oldest was dropped: built again
      expect(builds).toBe(130);
    } finally {
      await database.close();
    }
  });

  it('under test, a builder that inlines a value instead of a placeholder is caught on the next call', async () => {
    const database = await freshDatabase();
    try {
      verifyShapes(true);
      let leaked = 1;
      const wrong = prepared((_db: Executor) => sql`select ${leaked}::int as v`);
      expect(rowsOf<{ v: number }>(await wrong(database.db, '', undefined, {}))[0]?.v).toBe(1);
      leaked = 2;
      await expect(wrong(database.db, '', undefined, {})).rejects.toThrow(/built differently/);

      // A shape key that misses what the builder reads is caught the same way.
      const sorted = prepared((_db: Executor, desc: boolean) =>
        desc ? sql`select 1 as v order by 1 desc` : sql`select 1 as v order by 1 asc`,
      );
      await sorted(database.db, 'one key', true, {});
      await expect(sorted(database.db, 'one key', false, {})).rejects.toThrow(/built differently/);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'on PostgreSQL a hot shape becomes one named statement per connection',
    async () => {
      const database = await freshDatabase();
      try {
        const read = prepared((_db: Executor) => sql`select ${slot('x')}::int * 2 as doubled`);
        for (let x = 0; x < 5; x++) {
          expect(rowsOf<{ doubled: number }>(await read(database.db, '', undefined, { x }))[0]?.doubled).toBe(
            x * 2,
          );
        }
        const named = rowsOf<{ statement: string }>(
          await database.db.execute(
            sql`select statement from pg_prepared_statements where name like 'agora\\_%'`,
          ),
        ).map((r) => r.statement);
        expect(named).toContain('select $1::int * 2 as doubled');
      } finally {
        await database.close();
      }
    },
  );
});
