import type { Organization, OrganizationDetail, OrganizationIdea } from '@agora/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { organizationKeys } from './keys';

/** GET /api/organizations?q= — by name, verified first (the picker searches as one types). */
export const organizationSearchQuery = (q: string) =>
  queryOptions({
    queryKey: organizationKeys.search(q),
    queryFn: ({ signal }) =>
      api<Organization[]>('/api/organizations', { query: { q, limit: 10 }, signal, on401: 'ignore' }),
    staleTime: 30_000,
  });

export function useOrganizationSearch(q: string) {
  return useQuery(organizationSearchQuery(q.trim()));
}

/** The organisations the signed-in user is a verified member of (empty for visitors). */
export const myOrganizationsQuery = () =>
  queryOptions({
    queryKey: organizationKeys.mine(),
    queryFn: ({ signal }) => api<Organization[]>('/api/organizations/mine', { signal }),
  });

export function useMyOrganizations() {
  const { isLoggedIn } = useAuth();
  return useQuery({ ...myOrganizationsQuery(), enabled: isLoggedIn });
}

export const organizationQuery = (id: string) =>
  queryOptions({
    queryKey: organizationKeys.detail(id),
    queryFn: ({ signal }) =>
      api<OrganizationDetail>(`/api/organizations/${encodeURIComponent(id)}`, { signal }),
  });

export function useOrganization(id: string) {
  return useQuery({ ...organizationQuery(id), enabled: Boolean(id) });
}

interface IdeasPage {
  items: OrganizationIdea[];
  next: string | null;
}

async function ideasPage(path: string, cursor: string | null, signal: AbortSignal): Promise<IdeasPage> {
  const res = await apiRequest<OrganizationIdea[]>(path, {
    query: { cursor: cursor ?? undefined, limit: 20 },
    signal,
  });
  return { items: res.data, next: res.headers.get('X-Next-Cursor') };
}

/** Further pages of the ideas that tag an organisation, after the profile's first page. */
export const organizationIdeasQuery = (id: string, first: string | null) =>
  infiniteQueryOptions({
    queryKey: [...organizationKeys.ideas(id), first] as const,
    queryFn: ({ pageParam, signal }) =>
      ideasPage(`/api/organizations/${encodeURIComponent(id)}/ideas`, pageParam, signal),
    initialPageParam: first,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export function useMoreOrganizationIdeas(id: string, first: string | null, enabled: boolean) {
  return useInfiniteQuery({ ...organizationIdeasQuery(id, first), enabled: enabled && Boolean(first) });
}

/** The members' inbox: ideas that tag the organisation, with its response status. */
export const inboxQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: organizationKeys.inbox(id),
    queryFn: ({ pageParam, signal }) =>
      ideasPage(`/api/organizations/${encodeURIComponent(id)}/inbox`, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export function useInbox(id: string) {
  return useInfiniteQuery({ ...inboxQuery(id), enabled: Boolean(id) });
}
