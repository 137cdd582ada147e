import { type FollowersList, type FollowingList, type FollowResult, MSG } from '@agora/shared';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, NetworkError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { patchAuthorFollowed } from './idea-actions';
import { followKeys } from './keys';
import { showErrorToast } from '../../../lib/toasts';

export const followingQuery = (userId: string) =>
  queryOptions({
    queryKey: followKeys.following(userId),
    queryFn: ({ signal }) => api<FollowingList>('/api/users/following', { signal }),
  });

export const followersQuery = (userId: string) =>
  queryOptions({
    queryKey: followKeys.followers(userId),
    queryFn: ({ signal }) => api<FollowersList>('/api/users/followers', { signal }),
  });

/** The signed-in user's following list (empty for visitors): drives every Follow control. */
export function useFollowing() {
  const { user, isLoggedIn } = useAuth();
  return useQuery({ ...followingQuery(user?.id ?? ''), enabled: isLoggedIn && Boolean(user?.id) });
}

export function useFollowers() {
  const { user, isLoggedIn } = useAuth();
  return useQuery({ ...followersQuery(user?.id ?? ''), enabled: isLoggedIn && Boolean(user?.id) });
}

/** spec 02 §7 GET /api/users/{id}/followers/count (no token): shown beside the Follow control. */
export function useFollowerCount(userId: string) {
  return useQuery({
    queryKey: followKeys.count(userId),
    queryFn: ({ signal }) =>
      api<{ count: number }>(`/api/users/${encodeURIComponent(userId)}/followers/count`, {
        signal,
        on401: 'ignore',
      }),
    enabled: Boolean(userId),
  });
}

export interface FollowTarget {
  id: string;
  displayName: string;
  name?: string;
}

/**
 * Follow / unfollow, optimistic (spec 02 §4, §8): the following list, the followers list's
 * "followed" marks and the author's ideas change at once and are restored when the server refuses,
 * with the spec's failure messages; the answer's followerCount becomes the author's count.
 */
export function useFollowToggle() {
  const qc = useQueryClient();
  const { user } = useAuth();
  const key = followKeys.following(user?.id ?? '');
  const followersKey = followKeys.followers(user?.id ?? '');
  return useMutation({
    mutationFn: ({ target, follow }: { target: FollowTarget; follow: boolean }) =>
      api<FollowResult>(`/api/users/${follow ? 'follow' : 'unfollow'}`, {
        method: 'POST',
        body: { targetUserId: target.id },
      }),
    onMutate: async ({ target, follow }) => {
      await qc.cancelQueries({ queryKey: followKeys.all });
      const before = qc.getQueriesData({ queryKey: followKeys.all });
      qc.setQueryData<FollowingList>(key, (d) => {
        if (!d) return d;
        const had = d.following.includes(target.id);
        const rest = {
          following: d.following.filter((id) => id !== target.id),
          users: d.users.filter((u) => u.id !== target.id),
        };
        return follow
          ? {
              following: [target.id, ...rest.following],
              users: [
                {
                  id: target.id,
                  displayName: target.displayName,
                  name: target.name ?? target.displayName,
                  followed: true,
                },
                ...rest.users,
              ],
              total: d.total + (had ? 0 : 1),
            }
          : { ...rest, total: Math.max(0, d.total - (had ? 1 : 0)) };
      });
      qc.setQueryData<FollowersList>(
        followersKey,
        (d) =>
          d && { ...d, users: d.users.map((u) => (u.id === target.id ? { ...u, followed: follow } : u)) },
      );
      patchAuthorFollowed(qc, target.id, follow);
      return { before };
    },
    onError: (err, { target, follow }, ctx) => {
      for (const [k, data] of ctx?.before ?? []) qc.setQueryData(k, data);
      patchAuthorFollowed(qc, target.id, !follow);
      if (err instanceof NetworkError) {
        showErrorToast({
          title: follow ? MSG.followFailed : MSG.unfollowFailed,
          message: follow ? MSG.followNetwork : MSG.unfollowNetwork,
        });
      } else {
        const server = err instanceof ApiError ? err.message : '';
        showErrorToast({
          title: follow ? MSG.followFailed : MSG.unfollowFailed,
          message: server || (follow ? MSG.followFailedFallback : MSG.unfollowFailedFallback),
        });
      }
    },
    onSuccess: (res, { target, follow }) => {
      qc.setQueryData(followKeys.count(target.id), { count: res.followerCount });
      notifications.show({
        color: 'green',
        title: follow ? MSG.followSuccessTitle : MSG.unfollowSuccessTitle,
        message: follow ? MSG.followSuccess : MSG.unfollowSuccess,
      });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: followKeys.all });
    },
  });
}
