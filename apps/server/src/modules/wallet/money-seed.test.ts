import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { step as moneyStep } from '../../../scripts/seed/money.js';
import { step as questionsStep } from '../../../scripts/seed/questions.js';
import { makeRng, type SeedContext } from '../../../scripts/seed/types.js';
import { usersStep } from '../../../scripts/seed/users.js';
import { freshDatabase } from '../../../test/helpers.js';
import type { Database } from '../../db/client.js';
import { moneyViolations } from './money.fixtures.js';
import { rowsOf } from '../../db/prepared.js';

describe('money seed step', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('writes paid questions, rewards, wallets and withdrawals that keep every money invariant', async () => {
    const logs: string[] = [];
    const ctx: SeedContext = {
      db: database.db,
      scale: 1,
      rng: makeRng(7),
      now: new Date(),
      userIds: [],
      log: (m) => logs.push(m),
    };
    for (const s of [usersStep, questionsStep, moneyStep]) await s.run(ctx);
    expect(logs.at(-1)).toMatch(/^money: [1-9]\d* paid questions, [1-9]\d* distributed/);
    expect(logs.at(-1)).toMatch(/[1-9]\d* withdrawals$/);
    expect(await moneyViolations(database.db)).toEqual([]);
    // Escrow: every paid reward is somewhere on its way, with a 14-day deadline.
    const states = await database.db.execute<{ state: string | null; n: number; bad: number }>(
      sql`select escrow_state as state, count(*)::int as n,
                 (count(*) filter (where escrow_deadline is distinct from escrow_held_at + interval '14 days'
                    or (escrow_state = 'held') <> (escrow_settled_at is null)
                    or (escrow_state = 'held' and escrow_deadline <= now())))::int as bad
            from questions where is_paid group by 1 order by 1`,
    );
    const rows = rowsOf<{ state: string | null; n: number; bad: number }>(states);
    expect(rows.map((r) => r.state).sort()).toEqual(['auto-distributed', 'distributed', 'held', 'refunded']);
    expect(rows.map((r) => r.bad)).toEqual([0, 0, 0, 0]);
  });
});
