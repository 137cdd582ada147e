import { type FollowersList, type FollowingList, type FollowResult, MSG } from '@agora/shared';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, NetworkError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { followKeys } from './keys';

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

export interface FollowTarget {
  id: string;
  displayName: string;
  name?: string;
}

/**
 * Follow / unfollow, optimistic (spec 02 §4, §8): the following list changes at once and is
 * restored when the server refuses, with the spec's failure messages.
 */
export function useFollowToggle() {
  const qc = useQueryClient();
  const { user } = useAuth();
  const key = followKeys.following(user?.id ?? '');
  return useMutation({
    mutationFn: ({ target, follow }: { target: FollowTarget; follow: boolean }) =>
      api<FollowResult>(`/api/users/${follow ? 'follow' : 'unfollow'}`, {
        method: 'POST',
        body: { targetUserId: target.id },
      }),
    onMutate: async ({ target, follow }) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<FollowingList>(key);
      qc.setQueryData<FollowingList>(key, (d) => {
        const cur = d ?? { following: [], users: [] };
        const rest = {
          following: cur.following.filter((id) => id !== target.id),
          users: cur.users.filter((u) => u.id !== target.id),
        };
        return follow
          ? {
              following: [target.id, ...rest.following],
              users: [
                { id: target.id, displayName: target.displayName, name: target.name ?? target.displayName },
                ...rest.users,
              ],
            }
          : rest;
      });
      return { before };
    },
    onError: (err, { follow }, ctx) => {
      qc.setQueryData(key, ctx?.before);
      if (err instanceof NetworkError) {
        notifications.show({
          color: 'red',
          title: follow ? MSG.followFailed : MSG.unfollowFailed,
          message: follow ? MSG.followNetwork : MSG.unfollowNetwork,
        });
      } else {
        const server = err instanceof ApiError ? err.message : '';
        notifications.show({
          color: 'red',
          title: follow ? MSG.followFailed : MSG.unfollowFailed,
          message: server || (follow ? MSG.followFailedFallback : MSG.unfollowFailedFallback),
        });
      }
    },
    onSuccess: (_res, { follow }) => {
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
