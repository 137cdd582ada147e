import type {
  ReferralRequest,
  ReferralRequestBody,
  ReferralRequestList,
  ReferralRequestResult,
} from '@agora/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { applicationKeys } from './keys';

/** GET /api/applications/{id}/referral-requests (bearer, the applicant): the requests they sent. */
export const applicationReferralsQuery = (applicationId: string, viewer: string) =>
  queryOptions({
    queryKey: applicationKeys.referrals(applicationId, viewer),
    queryFn: ({ signal }) =>
      api<ReferralRequestList>(`/api/applications/${encodeURIComponent(applicationId)}/referral-requests`, {
        signal,
      }),
  });

export function useApplicationReferrals(applicationId: string | null) {
  const { user } = useAuth();
  return useQuery({
    ...applicationReferralsQuery(applicationId ?? '', user?.id ?? ''),
    enabled: Boolean(applicationId && user),
  });
}

/** POST /api/applications/{id}/referral-requests (bearer, the applicant): asks one person once. */
export function useAskReferral(applicationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReferralRequestBody) =>
      api<ReferralRequestResult>(`/api/applications/${encodeURIComponent(applicationId)}/referral-requests`, {
        method: 'POST',
        body,
      }),
    // The statuses on the job page and on My Applications both change (a 409 means it was asked already).
    onSettled: () => qc.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}

export interface ReferralPage {
  items: ReferralRequest[];
  next: string | null;
}

/** GET /api/referral-requests (bearer): the requests sent to the caller, newest first (X-Next-Cursor). */
export const referralsToMeQuery = (viewer: string) =>
  infiniteQueryOptions({
    queryKey: applicationKeys.referralsToMe(viewer),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<ReferralPage> => {
      const res = await apiRequest<ReferralRequestList>('/api/referral-requests', {
        signal,
        query: { limit: 20, cursor: pageParam },
      });
      return { items: res.data.referralRequests, next: res.headers.get('X-Next-Cursor') };
    },
    getNextPageParam: (last) => last.next,
  });

export function useReferralsToMe() {
  const { user, isLoggedIn } = useAuth();
  return useInfiniteQuery({ ...referralsToMeQuery(user?.id ?? ''), enabled: isLoggedIn });
}

/** POST /api/referral-requests/{id}/accept | decline (bearer, the person asked). */
export function useAnswerReferral() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      api<ReferralRequestResult>(
        `/api/referral-requests/${encodeURIComponent(id)}/${accept ? 'accept' : 'decline'}`,
        { method: 'POST' },
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
