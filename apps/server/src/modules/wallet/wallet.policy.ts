import type { SessionUser } from '../../context.js';

type User = Pick<SessionUser, 'id' | 'role'>;

/** Only a question's author pays its reward or distributes it (spec 01 §6). */
export const canDistribute = (user: User, q: { authorId: string }): boolean => user.id === q.authorId;

/** Payouts (marking a withdrawal paid or failed, listing all of them) are for admins. */
export const canManagePayouts = (user: User): boolean => user.role === 'admin';
