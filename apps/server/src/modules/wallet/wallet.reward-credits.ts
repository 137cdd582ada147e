import type { Executor } from '../../db/client.js';
import { notify } from '../notifications/notifications.service.js';
import * as ledger from './ledger.js';
import * as repo from './wallet.repo.js';
import { rupees } from '../../lib/money.js';

/** Each share on its answerer's ledger (a `reward` credit), with an in-app notification. */
export async function creditRewards(
  tx: Executor,
  q: { id: string; title: string },
  shares: Array<{ userId: string; answerId: string; amount: number }>,
  description: string,
  now: Date,
) {
  const credits = shares.filter((c) => c.amount > 0);
  const userIds = credits.map((c) => c.userId);
  await repo.ensureWallets(tx, userIds);
  // Wallet locks in id order: two distributions never wait on each other in a cycle.
  await repo.lockWallets(tx, userIds);
  for (const c of credits) {
    await ledger.credit(tx, {
      userId: c.userId,
      type: 'reward',
      amount: c.amount,
      description,
      questionId: q.id,
      questionTitle: q.title,
      reference: `reward:${q.id}:${c.answerId}`,
      at: now,
    });
    await notify(tx, c.userId, {
      type: 'reward',
      title: 'You received a reward',
      body: `${rupees(c.amount)} for your answer to "${q.title}"`,
      link: '/wallet',
    });
  }
}
