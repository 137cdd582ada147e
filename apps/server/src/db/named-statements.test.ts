import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, TEST_DATABASE_URL } from '../../test/helpers.js';
import { openPostgres } from './client.js';
import { StatementNames } from './named-statements.js';

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

  it('stops naming at its limit and never names very long texts', () => {
    const names = new StatementNames(2);
    for (const t of ['a', 'b', 'c']) {
      names.nameFor(t);
      names.nameFor(t);
    }
    expect(names.size).toBe(2);
    expect(names.nameFor('c')).toBeUndefined();
    expect(names.nameFor('a')).toBeDefined();

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

/** node-postgres' result rows (Db's execute is typed for either driver). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.skipIf(!TEST_DATABASE_URL)('named statements on PostgreSQL', () => {
  async function prepared(db: Awaited<ReturnType<typeof openPostgres>>['db']) {
    const result = await db.execute(
      sql`select statement from pg_prepared_statements where name like 'agora\\_%'`,
    );
    return rowsOf<{ statement: string }>(result).map((r) => r.statement);
  }

  it('a repeated statement is parsed once per connection and answers as before, also after DDL', async () => {
    const target = await emptyPostgresDatabase();
    const database = await openPostgres(target.url, 1);
    try {
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
    } finally {
      await database.close();
      await target.drop();
    }
  });

  it('DB_PREPARED_STATEMENTS=off leaves every statement unnamed', async () => {
    const target = await emptyPostgresDatabase();
    const database = await openPostgres(target.url, 1, false);
    try {
      for (let i = 0; i < 3; i++) await database.db.execute(sql`select ${i}::int as n`);
      expect(await prepared(database.db)).toEqual([]);
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
