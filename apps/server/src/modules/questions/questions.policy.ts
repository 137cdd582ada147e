import type { SessionUser } from '../../context.js';

type Owned = { authorId: string; hidden?: boolean };
type Listed = Owned & { isPaid: boolean; rewardAmount: number };

/** spec 01 §2 create question: roles questioner, admin, user may ask; answerer accounts may not. */
export const canAsk = (user: SessionUser): boolean => user.role !== 'answerer';

export const isAuthor = (user: SessionUser | null, q: Owned): boolean => !!user && user.id === q.authorId;

/**
 * Public: not hidden, and its reward paid up front (spec 01: "the asker pays a reward up front"; a
 * question whose checkout failed or was abandoned is the asker's draft until it is paid). A reward of
 * zero (an admin may set the minimum to 0) needs no payment.
 */
export const isPublic = (q: Listed): boolean => !q.hidden && (q.isPaid || q.rewardAmount === 0);

/**
 * Hidden (moderated) and unpaid questions exist only for their author and admins (CONTRACT §3:
 * else 404): nobody else can read, answer or find them.
 */
export const canSeeQuestion = (user: SessionUser | null, q: Listed): boolean =>
  isPublic(q) || isAuthor(user, q) || user?.role === 'admin';

/**
 * CONTRACT §4: the author sees every answer, any other signed-in user only their own, a visitor
 * none (the count stays visible).
 */
export function answerVisibility(user: SessionUser | null, q: Owned): 'all' | 'own' | 'none' {
  if (!user) return 'none';
  return isAuthor(user, q) ? 'all' : 'own';
}
