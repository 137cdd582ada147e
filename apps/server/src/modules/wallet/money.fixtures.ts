// Test fixtures of the money area (imported only by *.test.ts files).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { answers, questions } from '../../db/schema/index.js';
import type { TestUser } from '../../../test/helpers.js';

/**
 * Questions and answers belong to the Inquiry Space area; money tests only need rows to pay for
 * and reward, so they are written directly (the same tables the questions API writes).
 */
export async function makeQuestion(
  db: Executor,
  author: TestUser,
  over: Partial<typeof questions.$inferInsert> = {},
): Promise<typeof questions.$inferSelect> {
  const [q] = await db
    .insert(questions)
    .values({
      authorId: author.user.id,
      title: over.title ?? `How do I test money ${Math.random().toString(36).slice(2, 8)}?`,
      description: 'A question that carries a reward.',
      category: 'Technology',
      ...over,
    })
    .returning();
  return q!;
}

export async function makeAnswer(db: Executor, questionId: string, author: TestUser, content = 'An answer') {
  const [a] = await db.insert(answers).values({ questionId, authorId: author.user.id, content }).returning();
  await db.execute(sql`update questions set answer_count = answer_count + 1 where id = ${questionId}::uuid`);
  return a!;
}

/**
 * Fixture questions are written without a reward (0): the first order made for one names it, as the
 * question form would have (create-order takes exactly the question's reward).
 */
export async function askReward(
  db: Executor,
  questionId: string,
  rupees: number,
  always = false,
): Promise<void> {
  await db.execute(
    sql`update questions set reward_amount = ${rupees * 100}
         where id = ${questionId}::uuid and not is_paid and (reward_amount = 0 or ${always})`,
  );
}

/** The browser's payment step, through the public API: order → sandbox checkout → verify. */
export async function payThroughApi(
  app: FastifyInstance,
  author: TestUser,
  questionId: string,
  rupees: number,
) {
  await askReward(app.ctx.db, questionId, rupees);
  const order = await app.inject({
    method: 'POST',
    url: '/api/payments/create-order',
    headers: author.auth,
    payload: { questionId, amount: rupees },
  });
  if (order.statusCode !== 200) throw new Error(`create-order ${order.statusCode} ${order.body}`);
  const signed = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/pay',
    headers: author.auth,
    payload: { orderId: order.json().orderId },
  });
  if (signed.statusCode !== 200) throw new Error(`sandbox/pay ${signed.statusCode} ${signed.body}`);
  const verify = await app.inject({
    method: 'POST',
    url: '/api/payments/verify',
    headers: author.auth,
    payload: { ...(signed.json() as object), questionId },
  });
  if (verify.statusCode !== 200) throw new Error(`verify ${verify.statusCode} ${verify.body}`);
  return { order: order.json(), signed: signed.json(), question: verify.json().question };
}

type Rows<T> = T[];
async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<Rows<T>> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * The money invariants (ARCHITECTURE "Money"): returns a list of violations, empty when all hold.
 * - every wallet: balance = sum of its completed and pending transactions, and ≥ 0;
 *   total earned = sum of its reward credits;
 * - every distributed question: reward credits = reward rows = the payment, exactly;
 * - a paid question has exactly one paid payment of that amount; no provider payment twice;
 * - every withdrawal's status matches its transaction's, and its amount is the debit;
 * - every hackathon prize pool: paid prize orders = held + prize credits + prize refund.
 */
export async function moneyViolations(db: Executor): Promise<string[]> {
  const out: string[] = [];
  const wallets = await rows<{
    user_id: string;
    balance: string;
    total_earned: string;
    ledger: string;
    earned: string;
  }>(
    db,
    sql`select w.user_id, w.balance::text, w.total_earned::text,
               coalesce(sum(t.amount) filter (where t.status in ('completed','pending')), 0)::text as ledger,
               coalesce(sum(t.amount) filter (where t.type = 'reward'), 0)::text as earned
          from wallets w left join wallet_transactions t on t.user_id = w.user_id
         group by w.user_id`,
  );
  for (const w of wallets) {
    if (w.balance !== w.ledger) out.push(`wallet ${w.user_id}: balance ${w.balance} ≠ ledger ${w.ledger}`);
    if (BigInt(w.balance) < 0n) out.push(`wallet ${w.user_id}: negative balance ${w.balance}`);
    if (w.total_earned !== w.earned)
      out.push(`wallet ${w.user_id}: total earned ${w.total_earned} ≠ rewards ${w.earned}`);
  }
  const dists = await rows<{
    id: string;
    paid: string | null;
    rewards: string;
    credits: string;
    d_total: string | null;
    distributed_at: string | null;
  }>(
    db,
    sql`select q.id, q.payment_amount::text as paid,
               (select coalesce(sum(amount), 0) from rewards r where r.question_id = q.id)::text as rewards,
               (select coalesce(sum(amount), 0) from wallet_transactions t where t.question_id = q.id and t.type = 'reward')::text as credits,
               (select total::text from reward_distributions d where d.question_id = q.id) as d_total,
               q.rewards_distributed_at::text as distributed_at
          from questions q
         where q.rewards_distributed_at is not null
            or exists (select 1 from reward_distributions d where d.question_id = q.id)
            or exists (select 1 from rewards r where r.question_id = q.id)`,
  );
  for (const d of dists) {
    if (!d.distributed_at || d.d_total === null) out.push(`question ${d.id}: partial distribution state`);
    if (d.rewards !== d.paid || d.credits !== d.paid || d.d_total !== d.paid) {
      out.push(
        `question ${d.id}: paid ${d.paid}, rewards ${d.rewards}, credits ${d.credits}, distribution ${d.d_total}`,
      );
    }
  }
  const paid = await rows<{
    id: string;
    is_paid: boolean;
    payment_amount: string | null;
    paid_orders: string;
    paid_sum: string | null;
  }>(
    db,
    sql`select q.id, q.is_paid, q.payment_amount::text,
               count(p.id) filter (where p.status = 'paid')::text as paid_orders,
               (sum(p.amount) filter (where p.status = 'paid'))::text as paid_sum
          from questions q left join payments p on p.question_id = q.id
         group by q.id`,
  );
  for (const q of paid) {
    const expected = q.is_paid ? '1' : '0';
    if (q.paid_orders !== expected)
      out.push(`question ${q.id}: is_paid ${q.is_paid} with ${q.paid_orders} paid orders`);
    if (q.is_paid && q.paid_sum !== q.payment_amount)
      out.push(`question ${q.id}: payment_amount ${q.payment_amount} ≠ paid ${q.paid_sum}`);
  }
  // Every refunded (second) payment is on its payer's ledger exactly once, for its amount.
  const refunds = await rows<{ id: string; amount: string; credited: string; entries: string }>(
    db,
    sql`select p.id, p.amount::text,
               coalesce(sum(t.amount), 0)::text as credited, count(t.id)::text as entries
          from payments p
          left join wallet_transactions t on t.reference = 'payment-refund:' || p.id::text and t.user_id = p.user_id
         where p.status = 'refunded'
         group by p.id`,
  );
  for (const r of refunds) {
    if (r.entries !== '1' || r.credited !== r.amount)
      out.push(`payment ${r.id}: refunded ${r.amount} but credited ${r.credited} in ${r.entries} entries`);
  }
  const dupes = await rows<{ provider_payment_id: string }>(
    db,
    sql`select provider_payment_id from payments where provider_payment_id is not null
         group by provider_payment_id having count(*) > 1`,
  );
  for (const d of dupes) out.push(`provider payment ${d.provider_payment_id} recorded twice`);
  const wd = await rows<{ id: string }>(
    db,
    sql`select w.id from withdrawals w join wallet_transactions t on t.id = w.transaction_id
         where t.status <> w.status or t.amount <> -w.amount or t.user_id <> w.user_id or t.type <> 'withdrawal'`,
  );
  for (const w of wd) out.push(`withdrawal ${w.id}: transaction does not match`);

  // Every rupee that left escrow is somewhere. Wallets + pending + paid withdrawals =
  // distributed (by hand) + auto-distributed + refunds (second payments, deleted questions, escrow).
  // Prize pools that left escrow count too: paid out to members, or refunded to the organiser.
  const [totals] = await rows<{
    held: string;
    manual: string;
    auto: string;
    refunds: string;
    prizes: string;
  }>(
    db,
    sql`select
          ((select coalesce(sum(balance), 0) from wallets)
           + (select coalesce(sum(amount), 0) from withdrawals where status in ('pending','completed')))::text as held,
          (select coalesce(sum(total), 0) from reward_distributions where kind = 'manual')::text as manual,
          (select coalesce(sum(total), 0) from reward_distributions where kind = 'auto')::text as auto,
          ((select coalesce(sum(amount), 0) from payments where status = 'refunded')
           + (select coalesce(sum(payment_amount), 0) from questions where escrow_state = 'refunded'))::text as refunds,
          (select coalesce(sum(prize_amount), 0) from hackathons where prize_state in ('paid','refunded'))::text as prizes`,
  );
  if (totals) {
    const inWallets = BigInt(totals.held);
    const sources =
      BigInt(totals.manual) + BigInt(totals.auto) + BigInt(totals.refunds) + BigInt(totals.prizes);
    if (inWallets !== sources)
      out.push(
        `ledger: wallets + pending + paid withdrawals ${inWallets} ≠ distributed ${totals.manual} + auto-distributed ${totals.auto} + refunds ${totals.refunds} + prizes paid or refunded ${totals.prizes}`,
      );
  }
  // Per hackathon, paid prize orders = held prize + prize credits + prize refund, to the paisa; its
  // state agrees with the records (one paid order exactly when a pool was funded, of its amount),
  // and a pool leaves escrow once: paid to members, or refunded to the organiser, never both.
  const prizes = await rows<{
    id: string;
    state: string | null;
    amount: string | null;
    orders: string;
    captured: string;
    credited: string;
    refunded: string;
    refunds: string;
  }>(
    db,
    sql`select h.id, h.prize_state as state, h.prize_amount::text as amount,
               (select count(*) from payments p where p.hackathon_id = h.id and p.status = 'paid')::text as orders,
               (select coalesce(sum(p.amount), 0) from payments p where p.hackathon_id = h.id and p.status = 'paid')::text as captured,
               (select coalesce(sum(t.amount), 0) from wallet_transactions t where t.hackathon_id = h.id and t.type = 'hackathon-prize')::text as credited,
               (select coalesce(sum(t.amount), 0) from wallet_transactions t where t.reference = 'hackathon-prize-refund:' || h.id::text)::text as refunded,
               (select count(*) from wallet_transactions t where t.reference = 'hackathon-prize-refund:' || h.id::text)::text as refunds
          from hackathons h
         where h.prize_state is not null
            or exists (select 1 from payments p where p.hackathon_id = h.id and p.status = 'paid')
            or exists (select 1 from wallet_transactions t where t.hackathon_id = h.id and t.type = 'hackathon-prize')`,
  );
  for (const p of prizes) {
    const held = p.state === 'held' ? BigInt(p.amount ?? '0') : 0n;
    const out_ = BigInt(p.credited) + BigInt(p.refunded);
    if (BigInt(p.captured) !== held + out_)
      out.push(
        `hackathon ${p.id}: paid prize orders ${p.captured} ≠ held ${held} + prize credits ${p.credited} + prize refund ${p.refunded}`,
      );
    const funded = p.state !== null;
    if (p.orders !== (funded ? '1' : '0'))
      out.push(`hackathon ${p.id}: prize ${p.state} with ${p.orders} paid orders`);
    if (funded && p.captured !== p.amount)
      out.push(`hackathon ${p.id}: prize_amount ${p.amount} ≠ paid ${p.captured}`);
    const expected =
      p.state === 'paid'
        ? { credited: p.amount, refunds: '0' }
        : p.state === 'refunded'
          ? { credited: '0', refunds: '1' }
          : { credited: '0', refunds: '0' };
    if (p.credited !== expected.credited || p.refunds !== expected.refunds)
      out.push(`hackathon ${p.id}: prize ${p.state}, credited ${p.credited} and refunded ${p.refunds} times`);
  }
  // The escrow state says where each paid reward is, and agrees with the records.
  const escrow = await rows<{ id: string; state: string | null; kind: string | null; refund: string }>(
    db,
    sql`select q.id, q.escrow_state as state, d.kind,
               (select count(*) from wallet_transactions t where t.reference = 'escrow-refund:' || q.id::text)::text as refund
          from questions q left join reward_distributions d on d.question_id = q.id
         where q.is_paid or q.escrow_state is not null`,
  );
  for (const e of escrow) {
    const expected =
      e.kind === 'manual'
        ? 'distributed'
        : e.kind === 'auto'
          ? 'auto-distributed'
          : e.refund === '1'
            ? 'refunded'
            : 'held';
    if (e.state !== expected) out.push(`question ${e.id}: escrow ${e.state}, records say ${expected}`);
    if (e.refund !== '0' && e.refund !== '1') out.push(`question ${e.id}: refunded ${e.refund} times`);
  }
  // A paid reward leaves escrow once: at most one of {distribution, auto-distribution, refund}, and
  // the settlement row says which. A refunded question has no answers (they would have been paid).
  const settled = await rows<{
    id: string;
    outcome: string | null;
    dists: string;
    refunds: string;
    answered: boolean;
  }>(
    db,
    sql`select q.id, s.outcome,
               (select count(*) from reward_distributions d where d.question_id = q.id)::text as dists,
               (select count(*) from wallet_transactions t where t.reference = 'escrow-refund:' || q.id::text)::text as refunds,
               exists (select 1 from answers a where a.question_id = q.id) as answered
          from questions q left join escrow_settlements s on s.question_id = q.id
         where q.is_paid or s.question_id is not null`,
  );
  for (const q of settled) {
    const outcomes = Number(q.dists) + Number(q.refunds);
    if (outcomes > 1)
      out.push(
        `question ${q.id}: settled ${outcomes} times (distributions ${q.dists}, refunds ${q.refunds})`,
      );
    if ((outcomes === 1) !== (q.outcome !== null))
      out.push(`question ${q.id}: settlement record ${q.outcome ?? 'missing'} with ${outcomes} outcomes`);
    if (q.outcome === 'refunded' && q.answered) out.push(`question ${q.id}: refunded although answered`);
  }
  // Per question, money in = held in escrow + credited: the captured payment is either still held
  // or on answerers' and the asker's ledgers (rewards + escrow refund), to the paisa.
  const flows = await rows<{ id: string; captured: string; held: string; credited: string }>(
    db,
    sql`select q.id,
               (select coalesce(sum(p.amount), 0) from payments p where p.question_id = q.id and p.status = 'paid')::text as captured,
               (case when q.escrow_state = 'held' then coalesce(q.payment_amount, 0) else 0 end)::text as held,
               ((select coalesce(sum(t.amount), 0) from wallet_transactions t where t.question_id = q.id and t.type = 'reward')
                + (select coalesce(sum(t.amount), 0) from wallet_transactions t where t.reference = 'escrow-refund:' || q.id::text))::text as credited
          from questions q
         where q.is_paid or q.escrow_state is not null`,
  );
  for (const f of flows) {
    if (BigInt(f.captured) !== BigInt(f.held) + BigInt(f.credited))
      out.push(`question ${f.id}: captured ${f.captured} ≠ held ${f.held} + credited ${f.credited}`);
  }
  return out;
}

/** For afterAll in every money test file: the invariants hold on whatever the file left behind. */
export async function expectLedgerInvariant(db: Executor): Promise<void> {
  const violations = await moneyViolations(db);
  if (violations.length > 0) throw new Error(`money invariants violated:\n${violations.join('\n')}`);
}
