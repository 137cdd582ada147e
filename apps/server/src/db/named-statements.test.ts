import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, TEST_DATABASE_URL } from '../../test/helpers.js';
import { openPostgres } from './client.js';
import { preparable, StatementNames } from './named-statements.js';
import { tsQueryOnce } from './text-search.js';
import { rowsOf } from './prepared.js';

describe('StatementNames', () => {
  it('names a text on its second sighting and keeps that name', () => {
    const names = new StatementNames(10);
    expect(names.nameFor('select 1')).toBeUndefined();
    const name = names.nameFor('select 1');
    expect(name).toMatch(/^agora_\d+$/);
    expect(names.nameFor('select 1')).toBe(name);
    expect(names.nameFor('select 2')).toBeUndefined();
    expect(names.nameFor('select 2')).not.toBe(name);
  });

  it('at its limit retires the least recently used name for a new text, and never names very long texts', () => {
    const names = new StatementNames(2);
    const name = (t: string) => {
      names.nameFor(t);
      return names.nameFor(t)!;
    };
    const a = name('a');
    const b = name('b');
    expect(names.generation).toBe(0);
    expect(names.nameFor('a')).toBe(a); // used: b is now the least recent
    const c = name('c');
    expect(names.size).toBe(2);
    expect(names.generation).toBe(1);
    expect(names.nameFor('a')).toBe(a);
    expect(names.nameFor('c')).toBe(c);
    expect(names.retiredIn({ [a]: 'a', [b]: 'b', [c]: 'c' })).toEqual([b]);
    // b comes back under a new name, taking the place of the least recent (a).
    names.nameFor('b');
    const b2 = names.nameFor('b')!;
    expect(b2).not.toBe(b);
    expect(names.retiredIn({ [a]: 'a', [b]: 'b', [b2]: 'b', [c]: 'c' })).toEqual([b, a]);

    const long = `select '${'x'.repeat(20_000)}'`;
    const unbounded = new StatementNames(10);
    unbounded.nameFor(long);
    expect(unbounded.nameFor(long)).toBeUndefined();
  });

  it('gives a forgotten text a new name, never an old one again', () => {
    const names = new StatementNames(10);
    names.nameFor('q');
    const first = names.nameFor('q')!;
    names.forget('q', 'agora_999'); // another name: nothing happens
    expect(names.nameFor('q')).toBe(first);
    names.forget('q', first);
    expect(names.retiredIn({ [first]: 'q' })).toEqual([first]);
    expect(names.nameFor('q')).toBeUndefined();
    const second = names.nameFor('q');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it('forgets one-off texts instead of growing without end', () => {
    const names = new StatementNames(10);
    names.nameFor('hot');
    for (let i = 0; i < 5000; i++) names.nameFor(`once ${i}`);
    // The sightings were reset on the way: "hot" counts as new again.
    expect(names.nameFor('hot')).toBeUndefined();
    expect(names.nameFor('hot')).toBeDefined();
  });
});

describe('preparable', () => {
  it('names statements without a text search', () => {
    expect(preparable('select "id" from "questions" where "id" = $1')).toBe(true);
  });

  it('names a text search only when each tsquery is computed once (a scalar select without FROM)', () => {
    const once = "(select to_tsquery('english', $1))";
    expect(preparable(`select id from questions where search @@ ${once} limit $2`)).toBe(true);
    expect(preparable(`select ts_rank(search, ${once}) from questions where search @@ ${once}`)).toBe(true);
    expect(preparable(`select id from jobs where (numnode(${once}) = 0 or search @@ ${once})`)).toBe(true);
    // Several words joined inside one subquery (the idea search's form).
    expect(
      preparable(
        "select id from ideas where search @@ (select (to_tsquery('english', $1) || to_tsquery('simple', $2)) && (to_tsquery('english', $3) || to_tsquery('simple', $4)))",
      ),
    ).toBe(true);
    // The innermost select around the tsquery is a subquery with rows: compared per row.
    expect(preparable("select id from questions where search @@ to_tsquery('english', $1)")).toBe(false);
    expect(
      preparable(
        "select * from ideas where id in (select w.id from w where w.search @@ to_tsquery('english', $1))",
      ),
    ).toBe(false);
    expect(preparable("select x from t where id in (select (to_tsquery('english', $1)) from w)")).toBe(false);
    expect(preparable(`select 1 where s @@ ${once} and s @@ plainto_tsquery($2)`)).toBe(false);
    // A quoted parenthesis or FROM does not fool it.
    expect(preparable("select id from q where search @@ (select to_tsquery('english', 'a) from (x'))")).toBe(
      true,
    );
    expect(preparable("select id from q where t = '(select ' and search @@ to_tsquery('english', $1)")).toBe(
      false,
    );
  });
});

describe.skipIf(!TEST_DATABASE_URL)('named statements on PostgreSQL', () => {
  async function prepared(db: Awaited<ReturnType<typeof openPostgres>>['db']) {
    const result = await db.execute(
      sql`select statement from pg_prepared_statements where name like 'agora\\_%'`,
    );
    return rowsOf<{ statement: string }>(result).map((r) => r.statement);
  }

  /** `run` against a fresh, empty database through a one-connection pool (statement names on or off). */
  async function onEmptyDatabase(
    run: (database: Awaited<ReturnType<typeof openPostgres>>) => Promise<void>,
    names = true,
  ) {
    const target = await emptyPostgresDatabase();
    const database = await openPostgres(target.url, 1, names);
    try {
      await run(database);
    } finally {
      await database.close();
      await target.drop();
    }
  }

  it('a repeated statement is parsed once per connection and answers as before, also after DDL', async () => {
    await onEmptyDatabase(async (database) => {
      const { db } = database;
      await db.execute(sql`create table t (id int primary key, label text)`);
      await db.execute(sql`insert into t values (1, 'one'), (2, 'two')`);
      const read = async (id: number) => ({
        rows: rowsOf<{ label: string }>(await db.execute(sql`select label from t where id = ${id}`)),
      });
      expect((await read(1)).rows).toEqual([{ label: 'one' }]);
      expect(await prepared(db)).not.toContain('select label from t where id = $1');
      expect((await read(2)).rows).toEqual([{ label: 'two' }]);
      expect(await prepared(db)).toContain('select label from t where id = $1');
      for (let i = 0; i < 8; i++) expect((await read(1 + (i % 2))).rows).toHaveLength(1);

      // A column added (as a migration would) and the table rewritten: the statement is planned anew.
      await db.execute(sql`alter table t add column extra int default 7`);
      await db.execute(sql`update t set label = 'uno' where id = 1`);
      expect((await read(1)).rows).toEqual([{ label: 'uno' }]);

      // A column's type changed under a prepared statement: PostgreSQL refuses it once (0A000),
      // the text loses its name, and the next calls run it unnamed, then under a new name.
      await db.execute(sql`alter table t alter column label type varchar(40)`);
      const stale = await read(1).catch((err: unknown) => err);
      expect(String((stale as Error).cause ?? stale)).toMatch(/cached plan must not change result type/);
      expect((await read(1)).rows).toEqual([{ label: 'uno' }]);
      expect((await read(2)).rows).toEqual([{ label: 'two' }]);

      // Inside a transaction the same name is used on the transaction's connection.
      await db.transaction(async (tx) => {
        await tx.execute(sql`update t set label = 'eins' where id = 1`);
        expect(rowsOf(await tx.execute(sql`select label from t where id = ${1}`))).toEqual([
          { label: 'eins' },
        ]);
      });
      expect((await read(1)).rows).toEqual([{ label: 'eins' }]);

      // The same inside a transaction (which the error aborts): the transaction rolls back, and
      // the statement answers again afterwards.
      await db.execute(sql`alter table t alter column label type text`);
      const failed = await db
        .transaction(async (tx) => {
          await tx.execute(sql`update t set label = 'lost' where id = 2`);
          await tx.execute(sql`select label from t where id = ${1}`);
        })
        .catch((err: unknown) => err);
      expect(String((failed as Error).cause ?? failed)).toMatch(/cached plan must not change result type/);
      expect((await read(2)).rows).toEqual([{ label: 'two' }]);
      expect((await read(1)).rows).toEqual([{ label: 'eins' }]);
    });
  });

  it('a text search with its tsquery computed once is named, and its generic plan answers per word', async () => {
    await onEmptyDatabase(async (database) => {
      const { db } = database;
      await db.execute(sql`create table doc (id int primary key, search tsvector)`);
      await db.execute(
        sql`insert into doc select i, to_tsvector('english', case when i % 3 = 0 then 'solar panel' else 'garden tools' end) from generate_series(1, 60) i`,
      );
      await db.execute(sql`create index doc_search on doc using gin (search)`);
      // The plan a connection keeps after five runs: forced here so the very first runs use it.
      await db.execute(sql`set plan_cache_mode = force_generic_plan`);
      const query = (word: string) => tsQueryOnce(sql`to_tsquery('english', ${word})`);
      const count = async (word: string) =>
        rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from doc where search @@ ${query(word)}`),
        )[0]!.n;
      const words: Array<[string, number]> = [
        ['solar:*', 20],
        ['garden:*', 40],
        ['absent:*', 0],
        ['panel & solar', 20],
        ['solar | tool:*', 60],
      ];
      for (let round = 0; round < 2; round++) {
        for (const [word, n] of words) expect(await count(word), word).toBe(n);
      }
      expect(await prepared(db)).toContain(
        "select count(*)::int as n from doc where search @@ (select to_tsquery('english', $1))",
      );
    });
  });

  it('past the limit, a connection deallocates the names retired for new texts, outside transactions', async () => {
    const names = new StatementNames(3);
    const target = await emptyPostgresDatabase();
    const database = await openPostgres(target.url, 1, names);
    const { db } = database;
    try {
      const page = async (limit: number) => {
        for (let i = 0; i < 2; i++) {
          const rows = rowsOf<{ n: number }>(
            await db.execute(
              sql`select g as n from generate_series(1, ${i + 100}) g limit ${sql.raw(String(limit))}`,
            ),
          );
          expect(rows).toHaveLength(limit);
        }
      };
      for (const limit of [1, 2, 3]) await page(limit);
      expect(await prepared(db)).toHaveLength(3);
      // Seven more texts (a client walking the page sizes): at most three names stay prepared, and
      // the newest texts are named ones (their second run was parsed once, under a name).
      for (const limit of [4, 5, 6, 7, 8, 9, 10]) await page(limit);
      const now = await prepared(db);
      expect(now.length).toBeLessThanOrEqual(3);
      expect(now.some((t) => t.endsWith('limit 10'))).toBe(true);
      expect(now.some((t) => t.endsWith('limit 1'))).toBe(false);

      // Inside a transaction nothing is deallocated (a failure there would abort it); after it, it is.
      await db.transaction(async (tx) => {
        for (const limit of [11, 12]) {
          for (let i = 0; i < 2; i++)
            await tx.execute(sql`select g from generate_series(1, ${i}) g limit ${sql.raw(String(limit))}`);
        }
        const inside = rowsOf<{ n: number }>(
          await tx.execute(
            sql`select count(*)::int as n from pg_prepared_statements where name like 'agora\\_%'`,
          ),
        )[0]!.n;
        expect(inside).toBeGreaterThan(3);
      });
      await db.execute(sql`select 1`);
      expect((await prepared(db)).length).toBeLessThanOrEqual(3);
    } finally {
      await database.close();
      await target.drop();
    }
  });

  it('DB_PREPARED_STATEMENTS=off leaves every statement unnamed', async () => {
    await onEmptyDatabase(async (database) => {
      for (let i = 0; i < 3; i++) await database.db.execute(sql`select ${i}::int as n`);
      expect(await prepared(database.db)).toEqual([]);
    }, false);
  });
});
