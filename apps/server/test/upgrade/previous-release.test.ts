// An upgrade from the previous release: its schema (every migration before this release's), rows
// written in its shape — including the ones an old instance writes during a rolling upgrade — then
// this release's migrations, and every row checked.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres, schemaState } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/prepared.js';
import { moneyViolations } from '../../src/modules/wallet/money.fixtures.js';
import { emptyPostgresDatabase, TEST_DATABASE_URL } from '../helpers.js';

/** The last migration of the previous release (0.26): this release's start after it. */
const PREVIOUS_RELEASE_LAST = '0022_jobs_name_orders';
const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');

let database: Database;
let dropPg: (() => Promise<void>) | null = null;
let previous: string;

/** A copy of the migrations folder whose journal stops at the previous release. */
function previousReleaseFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'agora-prev-release-'));
  cpSync(migrations, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((e) => e.tag === PREVIOUS_RELEASE_LAST);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function migrateWith(folder: string) {
  if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: folder });
  else await migratePg(database.db as never, { migrationsFolder: folder });
}

const q = (text: ReturnType<typeof sql>) => database.db.execute(text);

beforeAll(async () => {
  if (TEST_DATABASE_URL) {
    const pgdb = await emptyPostgresDatabase();
    dropPg = pgdb.drop;
    database = await openPostgres(pgdb.url, 2);
  } else {
    database = await openPglite(null);
  }
  previous = previousReleaseFolder();
  await migrateWith(previous);
}, 180_000);

afterAll(async () => {
  await database?.close();
  await dropPg?.();
  rmSync(previous, { recursive: true, force: true });
});

describe('upgrading from the previous release', () => {
  it('keeps every row and repairs what an old instance wrote during a rolling upgrade', async () => {
    expect((await schemaState(database.db)).state).toBe('behind');
    // Written as the previous release writes them.
    await q(sql`insert into users (id, email, name, display_name, password_hash) values
      ('00000000-0000-4000-8000-000000000001', 'asker@example.com', 'Asha', 'Asha', 'x'),
      ('00000000-0000-4000-8000-000000000002', 'ann@example.com', 'Ann', 'Ann', 'x')`);
    const asker = '00000000-0000-4000-8000-000000000001';
    const ann = '00000000-0000-4000-8000-000000000002';
    const paid = (n: number) => `10000000-0000-4000-8000-00000000000${n}`;
    // 1: paid through an instance older than escrow (no state). 2, 3: likewise. 4: distributed
    // through such an instance (stays 'held'). 5: refunded by the deadline task. 6: held normally.
    for (const [n, state, distributed] of [
      [1, null, false],
      [2, null, false],
      [3, null, false],
      [4, 'held', true],
      [5, 'refunded', false],
      [6, 'held', false],
    ] as const) {
      await q(sql`insert into questions (id, author_id, title, description, category, is_paid, payment_amount,
                    reward_amount, escrow_state, escrow_held_at, escrow_deadline, rewards_distributed_at, status)
                  values (${paid(n)}::uuid, ${asker}::uuid, ${`Question ${n}`}, 'Paid before the upgrade', 'Technology',
                    true, 5000, 5000, ${state}, now() - interval '20 days', now() - interval '6 days',
                    ${distributed ? sql`now() - interval '7 days'` : null}, ${state === 'refunded' ? 'closed' : 'open'})`);
      await q(sql`insert into payments (question_id, user_id, provider, order_id, provider_payment_id, amount, status, paid_at)
                  values (${paid(n)}::uuid, ${asker}::uuid, 'sandbox', ${`order_prev_${n}`}, ${`pay_prev_${n}`}, 5000, 'paid',
                    now() - interval '20 days')`);
    }
    // Question 4's distribution, made by the old instance; question 5's refund.
    const a4 = '20000000-0000-4000-8000-000000000004';
    await q(
      sql`insert into answers (id, question_id, author_id, content) values (${a4}::uuid, ${paid(4)}::uuid, ${ann}::uuid, 'An answer')`,
    );
    await q(sql`update questions set answer_count = 1 where id = ${paid(4)}::uuid`);
    await q(
      sql`insert into reward_distributions (question_id, distributed_by, total, kind) values (${paid(4)}::uuid, ${asker}::uuid, 5000, 'manual')`,
    );
    await q(
      sql`insert into rewards (question_id, answer_id, answerer_id, percentage, amount) values (${paid(4)}::uuid, ${a4}::uuid, ${ann}::uuid, 100, 5000)`,
    );
    await q(
      sql`insert into wallets (user_id, balance, total_earned) values (${ann}::uuid, 5000, 5000), (${asker}::uuid, 5000, 0)`,
    );
    await q(sql`insert into wallet_transactions (user_id, type, amount, status, description, question_id, reference)
                values (${ann}::uuid, 'reward', 5000, 'completed', 'Reward for your answer', ${paid(4)}::uuid, ${`reward:${paid(4)}:${a4}`}),
                       (${asker}::uuid, 'refund', 5000, 'completed', 'Refund', ${paid(5)}::uuid, ${`escrow-refund:${paid(5)}`})`);
    // Two open orders for one unpaid question (parallel create-order in the previous release).
    const unpaid = '30000000-0000-4000-8000-000000000001';
    await q(sql`insert into questions (id, author_id, title, description, category, reward_amount)
                values (${unpaid}::uuid, ${asker}::uuid, 'Unpaid', 'Two checkouts', 'Technology', 2000)`);
    await q(sql`insert into payments (question_id, user_id, provider, order_id, amount, status, created_at) values
                (${unpaid}::uuid, ${asker}::uuid, 'sandbox', 'order_prev_open_1', 2000, 'created', now() - interval '2 minutes'),
                (${unpaid}::uuid, ${asker}::uuid, 'sandbox', 'order_prev_open_2', 2000, 'created', now() - interval '1 minute')`);
    const before = await rowsOf<{ n: number }>(await q(sql`select count(*)::int as n from questions`));

    // This release.
    await database.migrate();
    expect((await schemaState(database.db)).state).toBe('current');

    const after = await rowsOf<{ n: number }>(await q(sql`select count(*)::int as n from questions`));
    expect(after[0]!.n).toBe(before[0]!.n);
    const rows = await rowsOf<{ id: string; escrow_state: string; deadline: string; outcome: string | null }>(
      await q(sql`select q.id, q.escrow_state, q.escrow_deadline::text as deadline, s.outcome
                    from questions q left join escrow_settlements s on s.question_id = q.id
                   where q.is_paid order by q.id`),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    // No paid question is left without a state; the repaired ones are held with deadlines from
    // now on, spread rather than one instant.
    for (const n of [1, 2, 3]) expect(byId.get(paid(n))!.escrow_state).toBe('held');
    const deadlines = new Set([1, 2, 3].map((n) => byId.get(paid(n))!.deadline));
    expect(deadlines.size).toBe(3);
    for (const d of deadlines) expect(new Date(d).getTime()).toBeGreaterThan(Date.now());
    expect(byId.get(paid(4))).toMatchObject({ escrow_state: 'distributed', outcome: 'distributed' });
    expect(byId.get(paid(5))).toMatchObject({ escrow_state: 'refunded', outcome: 'refunded' });
    expect(byId.get(paid(6))).toMatchObject({ escrow_state: 'held', outcome: null });
    // One open order per question: the newest kept, the other cancelled (a late capture is refunded).
    const orders = await rowsOf<{ order_id: string; status: string }>(
      await q(
        sql`select order_id, status from payments where question_id = ${unpaid}::uuid order by order_id`,
      ),
    );
    expect(orders).toEqual([
      { order_id: 'order_prev_open_1', status: 'cancelled' },
      { order_id: 'order_prev_open_2', status: 'created' },
    ]);
    // Balances to the paisa, and every money invariant.
    const wallets = await rowsOf<{ user_id: string; balance: string }>(
      await q(sql`select user_id, balance::text from wallets order by user_id`),
    );
    expect(wallets.map((w) => w.balance)).toEqual(['5000', '5000']);
    expect(await moneyViolations(database.db)).toEqual([]);
  }, 180_000);
});
