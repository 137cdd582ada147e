import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { questions } from '../../db/schema/index.js';
import type { QuestionRow } from './questions.repo.js';

/**
 * The escrow columns of a question (`escrow_state`, its deadline, settlement time and reminder):
 * written here only, through questions.escrow.service.ts, under the question's row lock taken by
 * the caller (lockQuestion) — or, for the reminders, by a conditional update that is its own claim.
 */

/** A paid order holds the reward in escrow until `deadline`. */
export async function holdReward(
  db: Executor,
  id: string,
  amountPaise: number,
  at: Date,
  deadline: Date,
): Promise<QuestionRow> {
  const [row] = await db
    .update(questions)
    .set({
      isPaid: true,
      paymentAmount: amountPaise,
      escrowState: 'held',
      escrowHeldAt: at,
      escrowDeadline: deadline,
      escrowSettledAt: null,
      updatedAt: at,
    })
    .where(eq(questions.id, id))
    .returning();
  return row!;
}

/** Paid out: the escrow is settled and the question stops taking answers (status answered). */
export async function releaseReward(
  db: Executor,
  questionId: string,
  at: Date,
  state: 'distributed' | 'auto-distributed',
): Promise<void> {
  await db
    .update(questions)
    .set({
      rewardsDistributedAt: at,
      status: sql`case when ${questions.status} = 'closed' then 'closed' else 'answered' end`,
      escrowState: state,
      escrowSettledAt: at,
      updatedAt: at,
    })
    .where(eq(questions.id, questionId));
}

/** The reward went back to the asker: the escrow is settled and the question closed (no reward left). */
export async function refundReward(db: Executor, questionId: string, at: Date): Promise<void> {
  await db
    .update(questions)
    .set({ escrowState: 'refunded', escrowSettledAt: at, status: 'closed', updatedAt: at })
    .where(eq(questions.id, questionId));
}

/**
 * `escrow_state = 'held'` as a literal: `questions_escrow_due_idx` is partial on it, and a prepared
 * statement's generic plan could use it only for a literal, not for a parameter.
 */
const heldEscrow = sql`${questions.escrowState} = 'held'`;

/**
 * Held rewards past their deadline, oldest deadline first, after `after` (a keyset position): the
 * settlement walks past a row it could not settle this run instead of finding it again at the head.
 */
export async function dueEscrows(
  db: Executor,
  now: Date,
  limit: number,
  after?: { deadline: Date; id: string },
): Promise<Array<{ id: string; deadline: Date }>> {
  const rows = await db
    .select({ id: questions.id, deadline: questions.escrowDeadline })
    .from(questions)
    .where(
      and(
        heldEscrow,
        lte(questions.escrowDeadline, now),
        after
          ? sql`(${questions.escrowDeadline}, ${questions.id}) > (${after.deadline.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(questions.escrowDeadline), asc(questions.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, deadline: r.deadline! }));
}

/**
 * Claims the `hours`-before-deadline reminder of every held reward now inside that window and not yet
 * reminded at it (or a smaller window). The conditional update is the claim: of two instances only
 * one gets each row back, so an author is reminded once per window.
 */
export async function claimEscrowReminders(db: Executor, now: Date, hours: number, limit: number) {
  const until = new Date(now.getTime() + hours * 3_600_000);
  const due = db
    .select({ id: questions.id })
    .from(questions)
    .where(
      and(
        heldEscrow,
        gt(questions.escrowDeadline, now),
        lte(questions.escrowDeadline, until),
        or(isNull(questions.escrowRemindedHours), gt(questions.escrowRemindedHours, hours)),
      ),
    )
    .limit(limit);
  return db
    .update(questions)
    .set({ escrowRemindedHours: hours })
    .where(
      and(
        inArray(questions.id, due),
        or(isNull(questions.escrowRemindedHours), gt(questions.escrowRemindedHours, hours)),
      ),
    )
    .returning({
      id: questions.id,
      title: questions.title,
      authorId: questions.authorId,
      amount: questions.paymentAmount,
      deadline: questions.escrowDeadline,
    });
}
