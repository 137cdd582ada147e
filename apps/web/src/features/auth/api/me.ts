import type { PublicUser, UpdateMeBody } from '@agora/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { updateStoredUser } from '../../../lib/auth-store';
import { downloadWithToken } from '../../../lib/download';
import { authKeys } from './keys';

export function fetchMe(): Promise<PublicUser> {
  return api<{ user: PublicUser }>('/api/users/me').then((r) => r.user);
}

export function meQueryOptions() {
  return queryOptions({ queryKey: authKeys.me(), queryFn: fetchMe });
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

/** Keeps the profile's cached user (and the stored user) in step with a reply carrying it. */
function useSetMe() {
  const qc = useQueryClient();
  return (user: PublicUser) => {
    qc.setQueryData(meQueryOptions().queryKey, user);
    updateStoredUser(user);
  };
}

/** PUT /api/users/me/resume: the résumé kept on the profile, read for skills. */
export function useUploadResume() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('resume', file);
      return api<{ user: PublicUser }>('/api/users/me/resume', { method: 'PUT', body: form }).then(
        (r) => r.user,
      );
    },
    onSuccess: setMe,
  });
}

/** DELETE /api/users/me/resume: the file and the skills found in it go. */
export function useRemoveResume() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: () =>
      api<{ user: PublicUser }>('/api/users/me/resume', { method: 'DELETE' }).then((r) => r.user),
    onSuccess: setMe,
  });
}

/** DELETE /api/users/me/inferred-skills/{skill}: one skill found in the résumé no longer counts. */
export function useRemoveInferredSkill() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (skill: string) =>
      api<{ user: PublicUser }>(`/api/users/me/inferred-skills/${encodeURIComponent(skill)}`, {
        method: 'DELETE',
      }).then((r) => r.user),
    onSuccess: setMe,
  });
}

/** GET /api/users/me/resume, as a download (the route needs the bearer token). */
export function downloadMyResume(fallbackName: string): Promise<void> {
  return downloadWithToken('/api/users/me/resume', fallbackName, 'Failed to download your résumé');
}

/** GET /api/users/skill-suggestions: skills jobs ask for, starting with `q`, most used first. */
export function useSkillSuggestions(q: string, enabled = true) {
  return useQuery({
    queryKey: authKeys.skillSuggestions(q),
    queryFn: () =>
      api<{ skills: string[] }>('/api/users/skill-suggestions', { query: { q } }).then((r) => r.skills),
    enabled,
    staleTime: 60_000,
    placeholderData: (prev) => prev,
  });
}
