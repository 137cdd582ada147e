import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { step as moneyStep } from '../../../scripts/seed/money.js';
import { step as questionsStep } from '../../../scripts/seed/questions.js';
import { makeRng, type SeedContext } from '../../../scripts/seed/types.js';
import { usersStep } from '../../../scripts/seed/users.js';
import { freshDatabase } from '../../../test/helpers.js';
import type { Database } from '../../db/client.js';
import { moneyViolations } from './money.fixtures.js';

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
  });
});
