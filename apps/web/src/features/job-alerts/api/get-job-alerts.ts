import type { JobAlert } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { jobAlertKeys } from './keys';

/** GET /api/job-alerts — the caller's saved searches, newest first. */
export const jobAlertsQuery = (viewer: string) =>
  queryOptions({
    queryKey: jobAlertKeys.mine(viewer),
    queryFn: ({ signal }) => api<{ alerts: JobAlert[] }>('/api/job-alerts', { signal }).then((r) => r.alerts),
  });

export function useJobAlerts() {
  const { user } = useAuth();
  return useQuery({ ...jobAlertsQuery(user?.id ?? ''), enabled: Boolean(user) });
}
