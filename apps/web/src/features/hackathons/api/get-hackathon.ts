import type { Hackathon } from '@agora/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { useBoundaryRefresh } from '../lib/use-boundary-refresh';
import { hackathonKeys } from './keys';

/** GET /api/hackathons/:id (bearer optional: the answer depends on who asks). */
export const hackathonQuery = (id: string, viewer: string) =>
  queryOptions({
    queryKey: hackathonKeys.detail(id, viewer),
    queryFn: async ({ signal }) => {
      const sentAt = Date.now();
      const h = await api<Hackathon>(`/api/hackathons/${encodeURIComponent(id)}`, {
        signal,
        on401: 'ignore',
      });
      // Offset between the server's clock and this browser's, for the countdown.
      const clockOffsetMs = h.serverTime ? Date.parse(h.serverTime) - (sentAt + Date.now()) / 2 : 0;
      return { ...h, clockOffsetMs };
    },
  });

export function useHackathon(id: string) {
  const { user } = useAuth();
  return useQuery(hackathonQuery(id, user?.id ?? 'anon'));
}

/**
 * The hackathon's registration window and phase are the server's to decide: when the clock crosses
 * the registration deadline, the start or the end, the hackathons are asked for again (the page,
 * its lists and My Hackathons alike).
 */
export function useRefreshAtPhaseBoundaries(h: Hackathon, clockOffsetMs: number) {
  const qc = useQueryClient();
  useBoundaryRefresh(
    [h.registrationDeadline, h.eventDetails.startDate, h.eventDetails.endDate],
    clockOffsetMs,
    () => qc.invalidateQueries({ queryKey: hackathonKeys.all }),
  );
}
