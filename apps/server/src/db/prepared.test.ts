import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, TEST_DATABASE_URL } from '../../test/helpers.js';
import type { Executor } from './client.js';
import { indexed, prepared, rowCount, rowsOf, slot, slots, verifyShapes } from './prepared.js';
import { users } from './schema/index.js';

describe('prepared statements per shape', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeEach(async () => {
    database = await freshDatabase();
  });
  afterEach(async () => {
    verifyShapes(true);
    await database.close();
  });

  it('builds a shape once per handle and fills each call with its own values', async () => {
    verifyShapes(false);
    const builds: string[] = [];
    const add = prepared((_db: Executor, shape: { plusTen: boolean }) => {
      builds.push(String(shape.plusTen));
      return shape.plusTen ? sql`select ${slot('x')}::int + 10 as v` : sql`select ${slot('x')}::int as v`;
    });
    const run = async (plusTen: boolean, x: number) =>
      rowsOf<{ v: number }>(await add(database.db, { plusTen }, { x }))[0]?.v;
    expect(await run(false, 1)).toBe(1);
    expect(await run(false, 2)).toBe(2);
    expect(await run(true, 3)).toBe(13);
    expect(await run(true, 4)).toBe(14);
    expect(builds).toEqual(['false', 'true']);

    // A list of values: one placeholder per entry, the count in the shape.
    const anyOf = prepared(
      (_db: Executor, n: number) =>
        sql`select ${sql.join(
          slots('x', n).map((x) => sql`${x}::int`),
          sql` + `,
        )} as v`,
    );
    const sum = async (xs: number[]) =>
      rowsOf<{ v: number }>(await anyOf(database.db, xs.length, indexed('x', xs.map(String))))[0]?.v;
    expect(Number(await sum([1, 2]))).toBe(3);
    expect(Number(await sum([4, 5, 6]))).toBe(15);

    // A query builder: Drizzle maps the rows as it would unprepared.
    const byEmail = prepared((db: Executor) =>
      db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(sql`${users.email} = ${slot('email')}`),
    );
    expect(await byEmail(database.db, undefined, { email: 'nobody@example.com' })).toEqual([]);

    // In a transaction (another handle) the statement is built for that handle and sees its rows.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table t (n int) on commit drop`);
      await tx.execute(sql`insert into t values (5)`);
      const read = prepared((_db: Executor) => sql`select n from t where n = ${slot('n')}::int`);
      expect(rowsOf(await read(tx, undefined, { n: 5 }))).toEqual([{ n: 5 }]);
    });
  });

  it('keeps at most 128 shapes per handle, dropping the oldest', async () => {
    verifyShapes(false);
    let builds = 0;
    const pick = prepared((_db: Executor, n: number) => {
      builds++;
      return sql`select ${slot('x')}::int + ${sql.raw(String(n))} as v`;
    });
    const run = async (n: number) => rowsOf<{ v: number }>(await pick(database.db, n, { x: 1 }))[0]?.v;
    for (let n = 0; n <= 128; n++) expect(await run(n)).toBe(n + 1);
    expect(builds).toBe(129);
    expect(await run(128)).toBe(129); // kept
    expect(builds).toBe(129);
    expect(await run(0)).toBe(1); // the oldest was dropped: built again
    expect(builds).toBe(130);
  });

  it('under test, a builder that reads more than its shape is caught on the next call', async () => {
    verifyShapes(true);
    let leaked = 1;
    const wrong = prepared((_db: Executor) => sql`select ${leaked}::int as v`);
    expect(rowsOf<{ v: number }>(await wrong(database.db, undefined, {}))[0]?.v).toBe(1);
    leaked = 2;
    await expect(wrong(database.db, undefined, {})).rejects.toThrow(/built differently/);

    // A shape that is not plain data: two different sets have the same JSON, hence the same key.
    const sorted = prepared((_db: Executor, s: { dirs: Set<string> }) =>
      s.dirs.has('desc') ? sql`select 1 as v order by 1 desc` : sql`select 1 as v order by 1 asc`,
    );
    await sorted(database.db, { dirs: new Set(['desc']) }, {});
    await expect(sorted(database.db, { dirs: new Set(['asc']) }, {})).rejects.toThrow(/built differently/);
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'on PostgreSQL a hot shape becomes one named statement per connection',
    async () => {
      const read = prepared((_db: Executor) => sql`select ${slot('x')}::int * 2 as doubled`);
      for (let x = 0; x < 5; x++) {
        expect(rowsOf<{ doubled: number }>(await read(database.db, undefined, { x }))[0]?.doubled).toBe(
          x * 2,
        );
      }
      const named = rowsOf<{ statement: string }>(
        await database.db.execute(
          sql`select statement from pg_prepared_statements where name like 'agora\\_%'`,
        ),
      ).map((r) => r.statement);
      expect(named).toContain('select $1::int * 2 as doubled');
    },
  );

  it('writes a row count into the text, one text per count, and refuses anything but a whole number', async () => {
    verifyShapes(false);
    const texts: string[] = [];
    const firstN = prepared((_db: Executor, n: number) => {
      const q = sql`select g from generate_series(1, ${slot('upTo')}::int) g order by g limit ${rowCount(n)}`;
      texts.push(new PgDialect().sqlToQuery(q).sql);
      return q;
    });
    const run = async (n: number, upTo: number) =>
      rowsOf<{ g: number }>(await firstN(database.db, n, { upTo })).map((r) => r.g);
    expect(await run(2, 10)).toEqual([1, 2]);
    expect(await run(3, 10)).toEqual([1, 2, 3]);
    expect(await run(3, 2)).toEqual([1, 2]);
    // The count is in the text (no parameter for it), the value stays a parameter.
    expect(texts).toEqual([
      'select g from generate_series(1, $1::int) g order by g limit 2',
      'select g from generate_series(1, $1::int) g order by g limit 3',
    ]);
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => rowCount(bad), String(bad)).toThrow(/whole number/);
    }
  });
});
