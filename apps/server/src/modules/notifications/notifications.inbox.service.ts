import type { MarkReadBody, MarkReadResult, NotificationsList } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { decodeKeyset, page } from '../../lib/cursor.js';
import { presentNotification } from './notifications.presenter.js';
import * as repo from './notifications.repo.js';

/** The caller's inbox: reading their notifications and marking them read. */
export function createInboxService(ctx: AppContext) {
  return {
    /** The caller's notifications, newest first, one page at a time, with the unread count. */
    async list(
      user: SessionUser,
      q: { unread?: boolean; cursor?: string; limit: number },
    ): Promise<NotificationsList & { nextCursor: string | null }> {
      const cursor = decodeKeyset(q.cursor);
      const rows = await repo.pageOfNotifications(ctx.db, user.id, {
        unread: q.unread,
        cursor,
        limit: q.limit,
      });
      const p = page(rows, q.limit);
      return {
        notifications: p.items.map((r) => presentNotification(r.n)),
        unreadCount: rows[0]?.unreadCount ?? (await repo.countUnread(ctx.db, user.id)),
        nextCursor: p.nextCursor,
      };
    },

    /** Marks the given notifications (only the caller's own; others' ids are ignored) or all as read. */
    async markRead(user: SessionUser, body: MarkReadBody): Promise<MarkReadResult> {
      const updated = await repo.markRead(ctx.db, user.id, body.ids, ctx.clock.now());
      return { updated, unreadCount: await repo.countUnread(ctx.db, user.id) };
    },
  };
}
