import * as drizzle from 'drizzle-orm';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers.js';
import { prepared } from './prepared.js';
import { compileRowMapper, type SelectedField } from './row-mapper.js';
import { ideas, users } from './schema/index.js';

/** Drizzle's own mapper: exported at run time, not in its type declarations. */
const { mapResultRow } = drizzle as unknown as {
  mapResultRow(fields: SelectedField[], row: unknown[], joins?: Record<string, boolean>): unknown;
};

describe('row mapper (db/row-mapper.ts)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const authorId = '00000000-0000-4000-8000-000000000001';
  const other = alias(users, 'other');

  beforeAll(async () => {
    database = await freshDatabase();
    await database.db.insert(users).values({
      id: authorId,
      email: 'mapper@example.com',
      name: 'Map Per',
      displayName: 'Mapper',
    });
    await database.db.insert(ideas).values([
      { authorId, title: 'First', description: 'd1', category: 'Technology', tags: ['a', 'b'] },
      { authorId, title: 'Second', description: 'd2', category: 'Healthcare', tags: [], likeCount: 7 },
    ]);
  });
  afterAll(() => database.close());

  /**
   * Everything a select can hold: columns, nested objects, decoded SQL (`mapWith`), a timestamp, an
   * array, a left join that matches (an object) and one that does not (null, Drizzle's rule), and a
   * joined column placed in an object of another table's columns (never nulled).
   */
  const query = () =>
    database.db
      .select({
        id: ideas.id,
        title: ideas.title,
        tags: ideas.tags,
        createdAt: ideas.createdAt,
        likes: sql<number>`${ideas.likeCount} * 2`.mapWith(Number),
        raw: sql<string>`'x' || ${ideas.title}`,
        author: { id: users.id, displayName: users.displayName, followers: users.followerCount },
        liker: { id: other.id, name: other.name },
        mixed: { title: ideas.title, otherName: other.name },
        // Two levels deep: Drizzle's types stop at one, its mapper (and this one) do not.
        deep: { a: { b: ideas.category, c: sql<boolean>`${ideas.likeCount} > 0` } } as never,
      })
      .from(ideas)
      .innerJoin(users, eq(users.id, ideas.authorId))
      .leftJoin(other, and(eq(other.id, ideas.authorId), eq(ideas.title, 'First')))
      .orderBy(ideas.title);

  it('maps rows exactly as Drizzle does, key order included', async () => {
    const statement = query().prepare(undefined as unknown as string) as unknown as {
      fields: SelectedField[];
      joinsNotNullableMap: Record<string, boolean>;
      customResultMapper?: (rows: unknown[][]) => unknown;
      execute(): Promise<unknown>;
    };
    // The driver's rows as they reach a mapper (array mode, one cell per selected field).
    statement.customResultMapper = (rows) => rows;
    const arrays = (await statement.execute()) as unknown[][];
    expect(arrays).toHaveLength(2);
    // Every cell null in turn as well: Drizzle nulls a joined object by its first column only.
    const variants = arrays.flatMap((row) => [
      row,
      ...row.map((_, i) => row.map((v, j) => (j === i ? null : v))),
    ]);
    const ours = compileRowMapper(statement.fields, statement.joinsNotNullableMap);
    for (const row of variants) {
      const theirs = mapResultRow(statement.fields, row, statement.joinsNotNullableMap);
      expect(JSON.stringify(ours(row))).toBe(JSON.stringify(theirs));
    }
    // The left join: an object for the matching row, null for the other; a mixed object stays.
    const byTitle = Object.fromEntries(arrays.map((r) => [ours(r).title, ours(r)])) as Record<
      string,
      Record<string, unknown>
    >;
    expect(byTitle.First!.liker).toEqual({ id: authorId, name: 'Map Per' });
    expect(byTitle.Second!.liker).toBeNull();
    expect(byTitle.Second!.mixed).toEqual({ title: 'Second', otherName: null });
    expect(byTitle.Second!.likes).toBe(14);
    expect(byTitle.First!.tags).toEqual(['a', 'b']);
    expect(byTitle.First!.createdAt).toBeInstanceOf(Date);
    expect(byTitle.First!.deep).toEqual({ a: { b: 'Technology', c: false } });
  });

  it('is what prepared statements map their rows with, with the same results as an ad-hoc select', async () => {
    const page = prepared(() => query());
    const viaPrepared = await page(database.db, undefined, {});
    const adHoc = await query();
    expect(JSON.stringify(viaPrepared)).toBe(JSON.stringify(adHoc));
    expect((viaPrepared as Array<{ createdAt: unknown }>)[0]!.createdAt).toBeInstanceOf(Date);
  });
});
