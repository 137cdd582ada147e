import type { PublicUser, UpdateMeBody } from '@agora/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { updateStoredUser } from '../../../lib/auth-store';

export function fetchMe(): Promise<PublicUser> {
  return api<{ user: PublicUser }>('/api/users/me').then((r) => r.user);
}

export function meQueryOptions() {
  return queryOptions({ queryKey: ['users', 'me'], queryFn: fetchMe });
}

export function useMe(enabled = true) {
  return useQuery({ ...meQueryOptions(), enabled });
}

export function updateMe(body: UpdateMeBody): Promise<PublicUser> {
  return api<{ user: PublicUser }>('/api/users/me', { method: 'PUT', body }).then((r) => r.user);
}

export function useUpdateMe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => {
      qc.setQueryData(meQueryOptions().queryKey, user);
      // The top bar and panel read the stored user: keep it in step (spec 01 §3 user kept locally).
      updateStoredUser(user);
    },
  });
}
