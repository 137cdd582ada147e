import type { PublicUser } from '@agora/shared';
import type { UserRow } from './users.repo.js';

/**
 * A user on the wire (sign-in answers, /api/users/me, the admin's list): the one mapper, owned by
 * the users area; auth calls it when it answers a sign-in.
 */
export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    _id: u.id,
    name: u.name,
    displayName: u.displayName,
    email: u.email,
    role: u.role as PublicUser['role'],
    status: u.status as PublicUser['status'],
    createdAt: u.createdAt.toISOString(),
  };
}
