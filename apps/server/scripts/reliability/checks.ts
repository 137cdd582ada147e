// After a crash: every acknowledged write is in the database, and every invariant holds
// (the ledger's, from the money area's own checker, plus the denormalised counters).
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { moneyViolations } from '../../src/modules/wallet/money.fixtures.js';
import type { Acked } from './workload.js';

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface CheckResult {
  /** Acknowledged writes looked up. */
  writesChecked: number;
  /** Invariant checks evaluated (each rule × each row it covers). */
  invariantsChecked: number;
  problems: string[];
}

export async function checkAfterCrash(db: Db, acked: Acked): Promise<CheckResult> {
  const problems: string[] = [];
  let writes = 0;
  const idSet = async (table: string) =>
    new Set(
      (await rows<{ id: string }>(db, sql.raw(`select id::text as id from ${table}`))).map((r) => r.id),
    );

  const questions = await idSet('questions');
  for (const id of acked.questions) {
    writes++;
    if (!questions.has(id)) problems.push(`acknowledged question ${id} is missing`);
  }
  const answers = await idSet('answers');
  for (const [id, a] of acked.answers) {
    writes++;
    if (!answers.has(id)) problems.push(`acknowledged answer ${id} (question ${a.questionId}) is missing`);
  }
  const ideas = await idSet('ideas');
  for (const id of acked.ideas) {
    writes++;
    if (!ideas.has(id)) problems.push(`acknowledged idea ${id} is missing`);
  }
  const likes = new Set(
    (
      await rows<{ k: string }>(db, sql`select idea_id::text || ':' || user_id::text as k from idea_likes`)
    ).map((r) => r.k),
  );
  for (const l of acked.likes) {
    writes++;
    if (!likes.has(`${l.ideaId}:${l.userId}`))
      problems.push(`acknowledged like ${l.ideaId} by ${l.userId} is missing`);
  }
  const paid = new Map(
    (
      await rows<{ id: string; amount: string | null; is_paid: boolean }>(
        db,
        sql`select id::text, payment_amount::text as amount, is_paid from questions`,
      )
    ).map((r) => [r.id, r]),
  );
  for (const [q, paise] of acked.paid) {
    writes++;
    const row = paid.get(q);
    if (!row?.is_paid || Number(row.amount) !== paise) {
      problems.push(
        `acknowledged payment of ${paise} paise for ${q} is not recorded (${JSON.stringify(row)})`,
      );
    }
  }
  const distributed = new Set(
    (await rows<{ id: string }>(db, sql`select question_id::text as id from reward_distributions`)).map(
      (r) => r.id,
    ),
  );
  for (const q of acked.distributed) {
    writes++;
    if (!distributed.has(q)) problems.push(`acknowledged distribution of ${q} is missing`);
  }
  const wds = new Map(
    (
      await rows<{ id: string; status: string; amount: string }>(
        db,
        sql`select id::text, status, amount::text from withdrawals`,
      )
    ).map((r) => [r.id, r]),
  );
  for (const [requestId, w] of acked.withdrawals) {
    writes++;
    const row = wds.get(w.id);
    if (!row) problems.push(`acknowledged withdrawal ${w.id} (request ${requestId}) is missing`);
    else if (Number(row.amount) !== w.amount)
      problems.push(`withdrawal ${w.id}: amount ${row.amount} ≠ ${w.amount}`);
    // An acknowledged settlement is final; a pending one may have been settled by a later, unacknowledged call.
    else if (w.status !== 'pending' && row.status !== w.status)
      problems.push(`withdrawal ${w.id}: status ${row.status}, acknowledged ${w.status}`);
  }

  // Invariants: the ledger (money area's checker), then the counters kept next to their rows.
  problems.push(...(await moneyViolations(db)));
  const counters = await rows<{ what: string; id: string; stored: number; actual: number }>(
    db,
    sql`select 'answer_count' as what, q.id::text, q.answer_count as stored,
               (select count(*)::int from answers a where a.question_id = q.id) as actual from questions q
        union all
        select 'like_count', i.id::text, i.like_count,
               (select count(*)::int from idea_likes l where l.idea_id = i.id) from ideas i
        union all
        select 'comment_count', i.id::text, i.comment_count,
               (select count(*)::int from idea_comments c where c.idea_id = i.id) from ideas i`,
  );
  for (const c of counters) {
    if (Number(c.stored) !== Number(c.actual))
      problems.push(`${c.what} of ${c.id}: stored ${c.stored}, actual ${c.actual}`);
  }
  const [counts] = await rows<{ wallets: number; questions: number; withdrawals: number }>(
    db,
    sql`select (select count(*)::int from wallets) as wallets, (select count(*)::int from questions) as questions,
               (select count(*)::int from withdrawals) as withdrawals`,
  );
  // moneyViolations covers each wallet (3 rules), each question (payment rules) and each withdrawal.
  const invariants =
    3 * counts!.wallets +
    2 * counts!.questions +
    counts!.withdrawals +
    counters.length +
    1; /* duplicate payments */
  return { writesChecked: writes, invariantsChecked: invariants, problems };
}
