import type {
  CreateOrganizationBody,
  IdeaResponse,
  IdeaResponseBody,
  Organization,
  OrganizationSummary,
} from '@agora/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { organizationKeys } from './keys';

export function useCreateOrganization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrganizationBody) =>
      api<Organization>('/api/organizations', { method: 'POST', body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}

export function useClaimOrganization(id: string) {
  return useMutation({
    mutationFn: (email: string) =>
      api<{ message: string }>(`/api/organizations/${encodeURIComponent(id)}/claim`, {
        method: 'POST',
        body: { email },
      }),
  });
}

export function useVerifyOrganization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api<{ organization: Organization }>('/api/organizations/verify', { method: 'POST', body: { token } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}

/** An official response on an idea; the organisation's inbox shows it at once (the idea page refreshes the idea). */
export function useRespondToIdea(ideaId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: IdeaResponseBody) =>
      api<IdeaResponse>(`/api/ideas/${encodeURIComponent(ideaId)}/responses`, { method: 'POST', body }),
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: organizationKeys.inbox(res.organization._id) });
    },
  });
}

/** The author changes the organisations an idea tags (≤ 3); newly tagged ones' members are notified. */
export function useSetIdeaOrganizations(ideaId: string) {
  return useMutation({
    mutationFn: (organizationIds: string[]) =>
      api<{ organizations: OrganizationSummary[] }>(
        `/api/ideas/${encodeURIComponent(ideaId)}/organizations`,
        { method: 'PUT', body: { organizationIds } },
      ),
  });
}
