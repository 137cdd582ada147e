import type { Team, TeamCreateBody, TeamList, TeamRequest } from '@agora/shared';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { hackathonKeys } from './keys';
import { showError } from '../../../lib/toasts';

const enc = encodeURIComponent;

/** GET /api/hackathons/:id/teams — the board (optionally by a wanted skill) and the caller's requests. */
export const teamsQuery = (hackathonId: string, viewer: string, skill: string) =>
  queryOptions({
    queryKey: hackathonKeys.teams(hackathonId, viewer, skill),
    queryFn: ({ signal }) =>
      api<TeamList>(`/api/hackathons/${enc(hackathonId)}/teams`, {
        signal,
        on401: 'ignore',
        query: { skill: skill.trim() || undefined },
      }),
  });

export function useTeams(hackathonId: string, skill = '') {
  const { user } = useAuth();
  return useQuery(teamsQuery(hackathonId, user?.id ?? 'anon', skill));
}

/** Every team write changes the board, the team, the hackathon's submission and My Hackathons. */
function useTeamMutation<V, R>(
  fn: (v: V) => Promise<R>,
  done: { title: string; message: (r: R, v: V) => string },
  failTitle: string,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r, v) =>
      notifications.show({ color: 'green', title: done.title, message: done.message(r, v) }),
    onError: (err) => showError(err, 'Please try again.', failTitle),
    onSettled: () => qc.invalidateQueries({ queryKey: hackathonKeys.all }),
  });
}

/** POST /api/hackathons/:id/teams — the caller becomes the captain. */
export function useCreateTeam(hackathonId: string) {
  return useTeamMutation(
    (body: TeamCreateBody) =>
      api<{ team: Team }>(`/api/hackathons/${enc(hackathonId)}/teams`, { method: 'POST', body }),
    { title: 'Team created', message: (r) => `You are the captain of ${r.team.name}.` },
    'Could not create the team',
  );
}

/** POST /api/teams/:id/join-requests */
export function useRequestToJoin() {
  return useTeamMutation(
    (v: { teamId: string; message?: string }) =>
      api<{ request: TeamRequest }>(`/api/teams/${enc(v.teamId)}/join-requests`, {
        method: 'POST',
        body: v.message ? { message: v.message } : {},
      }),
    { title: 'Request sent', message: (r) => `The captain of ${r.request.teamName} will answer.` },
    'Could not send the request',
  );
}

/** POST /api/teams/:id/invites — the captain. */
export function useInviteToTeam() {
  return useTeamMutation(
    (v: { teamId: string; email: string }) =>
      api<{ request: TeamRequest }>(`/api/teams/${enc(v.teamId)}/invites`, {
        method: 'POST',
        body: { email: v.email },
      }),
    { title: 'Invitation sent', message: (_r, v) => `${v.email} is invited to your team.` },
    'Could not send the invitation',
  );
}

/** POST /api/team-requests/:rid/accept | decline */
export function useAnswerRequest() {
  return useTeamMutation(
    (v: { rid: string; answer: 'accept' | 'decline' }) =>
      api<unknown>(`/api/team-requests/${enc(v.rid)}/${v.answer}`, { method: 'POST' }),
    {
      title: 'Done',
      message: (_r, v) => (v.answer === 'accept' ? 'The team has a new member.' : 'The request is closed.'),
    },
    'Could not answer',
  );
}

/** DELETE /api/teams/:id/members/:userId — leave (self) or remove (captain). */
export function useLeaveTeam() {
  return useTeamMutation(
    (v: { teamId: string; userId: string; self: boolean }) =>
      api<null>(`/api/teams/${enc(v.teamId)}/members/${enc(v.userId)}`, { method: 'DELETE' }),
    {
      title: 'Team updated',
      message: (_r, v) => (v.self ? 'You left the team.' : 'The member was removed.'),
    },
    'Could not update the team',
  );
}
