import type { AppContext } from '../../context.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { notify } from '../notifications/notifications.service.js';
import { claimRewardReminders, dueRewards } from '../questions/questions.escrow.service.js';
import type { QuestionsService } from '../questions/questions.service.js';
import { rupees } from '../../lib/money.js';
import { createEscrowSettlement } from './escrow.settle.service.js';
import { rewardDeadlineMail } from './wallet.mail.js';
import * as repo from './wallet.repo.js';

/** Reminder windows before a reward's deadline, largest first: 72 h and 24 h. */
export const ESCROW_REMINDER_HOURS = [72, 24] as const;
const BATCH = 50;
/** Pages of due rewards one run walks through (a backlog is worked off over several runs). */
const MAX_PAGES = 20;

function timeLeft(ms: number): string {
  const hours = Math.max(1, Math.round(ms / 3_600_000));
  return hours >= 48 ? `${Math.round(hours / 24)} days` : `${hours} hours`;
}

/**
 * The deadline of paid rewards in escrow: held from payment until the author distributes it, or its
 * deadline (REWARD_DEADLINE) passes and this settles it (escrow.settle.service.ts). Both functions
 * are idempotent and safe on several instances at once; they are run by escrow.tasks.ts, which
 * builds this once per context. `questions` ranks the answers a reward is settled to: the app's one
 * questions service (modules/services.ts).
 */
export function createEscrowService(ctx: AppContext, questions: Pick<QuestionsService, 'rankForSettlement'>) {
  const settlement = createEscrowSettlement(ctx);

  return {
    /**
     * Settles every reward whose deadline passed: to the answers ranked first, or back to the asker.
     * A ranking that an answer committed meanwhile made stale is made again (once per run); a row
     * still unsettled is left for the next run and walked past, so it never holds up the others.
     */
    async settleDue(): Promise<{ autoDistributed: number; refunded: number; unsettled: number }> {
      const result = { autoDistributed: 0, refunded: 0, unsettled: 0 };
      const now = ctx.clock.now();
      let after: { deadline: Date; id: string } | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const due = await dueRewards(ctx.db, now, BATCH, after);
        for (const { id } of due) {
          let outcome: Awaited<ReturnType<typeof settlement.settleEscrow>> = 'stale';
          for (let attempt = 0; attempt < 2 && outcome === 'stale'; attempt++) {
            // Ranking may call a remote model: outside any transaction. settleEscrow decides under the lock.
            outcome = await settlement.settleEscrow(id, await questions.rankForSettlement(id));
          }
          if (outcome === 'auto-distributed') result.autoDistributed++;
          if (outcome === 'refunded') result.refunded++;
          if (outcome === 'stale') {
            // Left for the next run (answers kept changing while it ranked); agora_escrow_overdue
            // counts rewards held well past their deadline.
            result.unsettled++;
            ctx.log.warn({ questionId: id }, 'escrow settlement deferred: the answers changed while ranking');
          }
        }
        if (due.length < BATCH) break;
        after = due[due.length - 1];
      }
      return result;
    },

    /** Reminds authors in the app and by e-mail 72 h and 24 h before their reward's deadline. */
    async sendReminders(): Promise<number> {
      const now = ctx.clock.now();
      let sent = 0;
      // Smallest window first: a deadline already inside 24 h gets only the 24-hour reminder.
      for (const hours of [...ESCROW_REMINDER_HOURS].reverse()) {
        sent += await ctx.db.transaction(async (tx) => {
          const claimed = await claimRewardReminders(tx, now, hours, BATCH);
          const emails = await repo.emailsOf(
            tx,
            claimed.map((q) => q.authorId),
          );
          for (const q of claimed) {
            const left = timeLeft(q.deadline!.getTime() - now.getTime());
            const link = `${ctx.config.publicUrl}/question/${q.id}/rewards`;
            const body = `Distribute the ${rupees(q.amount ?? 0)} reward for "${q.title}" within ${left}; after the deadline it goes automatically to the answer ranked first (or back to you if nobody answered).`;
            const to = emails.get(q.authorId);
            await notify(tx, q.authorId, {
              type: 'reward',
              title: 'Your reward deadline is near',
              body,
              link: `/question/${q.id}/rewards`,
              ...(to
                ? {
                    mail: notificationMail(ctx.config, { id: q.authorId, email: to }, rewardDeadlineMail, {
                      questionTitle: q.title,
                      amount: rupees(q.amount ?? 0),
                      left,
                      url: link,
                    }),
                  }
                : {}),
            });
          }
          return claimed.length;
        });
      }
      return sent;
    },
  };
}
