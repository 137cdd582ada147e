import type { MarkReadBody, MarkReadResult, NotificationsList } from '@agora/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => ['notifications', 'list', userId] as const,
};

/** The latest notifications of the signed-in user and the unread count (bounded to one page). */
export const notificationsQuery = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: ({ signal }) =>
      // A 401 here (session revoked, e.g. the account was suspended) signs the user out like any
      // other call: the bell polls, so a suspended user is signed out within a minute even if idle.
      api<NotificationsList>('/api/notifications', { signal, query: { limit: 20 } }),
    staleTime: 30_000,
  });

/** Polls every minute while signed in (and on focus), so the badge follows new events. */
export function useNotifications() {
  const { user, isLoggedIn } = useAuth();
  return useQuery({
    ...notificationsQuery(user?.id ?? ''),
    enabled: isLoggedIn && Boolean(user?.id),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}

/** Marks some (or all) notifications read; the list is updated at once and confirmed by the server. */
export function useMarkRead() {
  const qc = useQueryClient();
  const { user } = useAuth();
  const key = notificationKeys.list(user?.id ?? '');
  return useMutation({
    mutationFn: (body: MarkReadBody) =>
      api<MarkReadResult>('/api/notifications/read', { method: 'POST', body, on401: 'ignore' }),
    onMutate: async (body) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<NotificationsList>(key);
      if (before) {
        const ids = new Set(body.ids ?? []);
        const notificationsNext = before.notifications.map((n) =>
          body.all || ids.has(n._id) ? { ...n, read: true } : n,
        );
        const newlyRead = before.notifications.filter((n) => !n.read && (body.all || ids.has(n._id))).length;
        qc.setQueryData<NotificationsList>(key, {
          notifications: notificationsNext,
          unreadCount: body.all ? 0 : Math.max(0, before.unreadCount - newlyRead),
        });
      }
      return { before };
    },
    onError: (_err, _body, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
    },
    onSuccess: (res) => {
      qc.setQueryData<NotificationsList>(key, (d) => (d ? { ...d, unreadCount: res.unreadCount } : d));
    },
  });
}
