import type { CollaborationRequest, CollaborationRequestBody } from '@agora/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { collaborationKeys, ideaKeys } from './keys';

export const collaborationRequestsQuery = (ideaId: string) =>
  queryOptions({
    queryKey: collaborationKeys.requests(ideaId),
    queryFn: ({ signal }) =>
      api<CollaborationRequest[]>(`/api/ideas/${encodeURIComponent(ideaId)}/collaboration-requests`, {
        signal,
      }),
  });

/** The author's list of requests (enabled only for the author). */
export function useCollaborationRequests(ideaId: string, enabled: boolean) {
  return useQuery({ ...collaborationRequestsQuery(ideaId), enabled });
}

export const myCollaborationRequestQuery = (ideaId: string) =>
  queryOptions({
    queryKey: collaborationKeys.mine(ideaId),
    queryFn: ({ signal }) =>
      api<{ request: CollaborationRequest | null }>(
        `/api/ideas/${encodeURIComponent(ideaId)}/collaboration-requests/mine`,
        { signal },
      ),
  });

export function useMyCollaborationRequest(ideaId: string, enabled: boolean) {
  return useQuery({ ...myCollaborationRequestQuery(ideaId), enabled });
}

export function useRequestToJoin(ideaId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CollaborationRequestBody) =>
      api<CollaborationRequest>(`/api/ideas/${encodeURIComponent(ideaId)}/collaboration-requests`, {
        method: 'POST',
        body,
      }),
    onSuccess: (request) => qc.setQueryData(collaborationKeys.mine(ideaId), { request }),
  });
}

/** Accept or decline: the request list and the idea's team refresh. */
export function useDecideRequest(ideaId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      api<CollaborationRequest>(
        `/api/collaboration-requests/${encodeURIComponent(id)}/${accept ? 'accept' : 'decline'}`,
        {
          method: 'POST',
        },
      ),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: collaborationKeys.requests(ideaId) });
      void qc.invalidateQueries({ queryKey: ideaKeys.detail(ideaId) });
    },
  });
}

export function useLeaveTeam(ideaId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<null>(`/api/ideas/${encodeURIComponent(ideaId)}/team/me`, { method: 'DELETE' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ideaKeys.detail(ideaId) }),
  });
}

/** After an official response (organisations area) the idea shows it. */
export function useRefreshIdea(ideaId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ideaKeys.detail(ideaId) });
}
