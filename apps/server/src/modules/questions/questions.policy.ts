import type { SessionUser } from '../../context.js';

type Owned = { authorId: string; hidden?: boolean };

/** spec 01 §2 create question: roles questioner, admin, user may ask; answerer accounts may not. */
export const canAsk = (user: SessionUser): boolean => user.role !== 'answerer';

export const isAuthor = (user: SessionUser | null, q: Owned): boolean => !!user && user.id === q.authorId;

/** Hidden (moderated) questions exist only for their author and admins (CONTRACT §3: else 404). */
export const canSeeQuestion = (user: SessionUser | null, q: Owned): boolean =>
  !q.hidden || isAuthor(user, q) || user?.role === 'admin';

/**
 * CONTRACT §4: the author sees every answer, any other signed-in user only their own, a visitor
 * none (the count stays visible).
 */
export function answerVisibility(user: SessionUser | null, q: Owned): 'all' | 'own' | 'none' {
  if (!user) return 'none';
  return isAuthor(user, q) ? 'all' : 'own';
}
