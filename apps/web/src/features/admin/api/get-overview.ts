import type { Overview } from '@agora/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const overviewQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: adminKeys.overview(from, to),
    queryFn: ({ signal }) => api<Overview>('/api/admin/overview', { signal, query: { from, to } }),
    staleTime: 60_000,
  });

export function useOverview(from: string, to: string) {
  return useQuery({ ...overviewQuery(from, to), placeholderData: keepPreviousData });
}
