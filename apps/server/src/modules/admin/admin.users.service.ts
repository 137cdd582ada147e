import { ADMIN_MESSAGES, type AdminUser, type AdminUserPatch, type AdminUsersQuery } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AuthService } from '../auth/auth.service.js';
import * as usersAdmin from '../users/users.admin.service.js';
import { listOpts, type Paged } from './admin.paging.js';

/**
 * Users: the list, and an admin changing someone's role or suspending / reactivating them. `auth`
 * is the app's one auth service, whose sessions a suspension revokes.
 */
export function createAdminUsers(ctx: AppContext, auth: AuthService) {
  async function listUsers(q: AdminUsersQuery): Promise<Paged<AdminUser>> {
    return usersAdmin.listUsersForAdmin(ctx.db, { ...q, ...listOpts(q) });
  }

  async function updateUser(admin: SessionUser, id: string, patch: AdminUserPatch): Promise<AdminUser> {
    return ctx.db.transaction(async (tx) => {
      const before = (await usersAdmin.lockUserForAdmin(tx, id)) ?? notFound('User not found');
      // An admin locking themselves out (or dropping their own rights) is never intended.
      if (
        before.id === admin.id &&
        (patch.status === 'suspended' || (patch.role && patch.role !== 'admin'))
      ) {
        throw new AppError('CANNOT_CHANGE_SELF', 403, ADMIN_MESSAGES.cannotChangeSelf);
      }
      const set: { role?: string; status?: string } = {};
      if (patch.role !== undefined && patch.role !== before.role) set.role = patch.role;
      if (patch.status !== undefined && patch.status !== before.status) set.status = patch.status;
      if (Object.keys(set).length === 0) return usersAdmin.toAdminUser(before);
      const after = await usersAdmin.setUserRoleStatus(tx, id, { ...set, updatedAt: ctx.clock.now() });
      // Suspension takes effect at once: every session is revoked in this same transaction (the
      // token check also refuses suspended users, so nothing slips through in between).
      if (set.status === 'suspended') await auth.revokeAllSessions(id, tx);
      const action =
        set.role !== undefined && set.status !== undefined
          ? 'user.update'
          : set.status !== undefined
            ? set.status === 'suspended'
              ? 'user.suspend'
              : 'user.reactivate'
            : 'user.role';
      await audit(
        tx,
        admin,
        action,
        'user',
        id,
        { role: before.role, status: before.status },
        { role: after.role, status: after.status },
      );
      return usersAdmin.toAdminUser(after);
    });
  }

  return { listUsers, updateUser };
}
