import type {
  Hackathon,
  HackathonCriterion,
  HackathonGallery,
  HackathonJudge,
  HackathonResults,
  JudgingQueue,
  PublishResultsBody,
  ScoreBody,
} from '@agora/shared';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { hackathonKeys } from './keys';
import { showError } from '../../../lib/toasts';

const enc = encodeURIComponent;

/** GET /api/hackathons/:id/judges — the organiser's view of the judges and their progress. */
export const judgesQuery = (hackathonId: string) =>
  queryOptions({
    queryKey: hackathonKeys.judges(hackathonId),
    queryFn: ({ signal }) =>
      api<{ judges: HackathonJudge[] }>(`/api/hackathons/${enc(hackathonId)}/judges`, { signal }),
  });

export function useJudges(hackathonId: string, enabled = true) {
  return useQuery({ ...judgesQuery(hackathonId), enabled });
}

/** GET /api/hackathons/:id/judging — a judge's submissions with their own sheets. */
export const judgingQueueQuery = (hackathonId: string, viewer: string) =>
  queryOptions({
    queryKey: hackathonKeys.queue(hackathonId, viewer),
    queryFn: ({ signal }) => api<JudgingQueue>(`/api/hackathons/${enc(hackathonId)}/judging`, { signal }),
    retry: false,
  });

export function useJudgingQueue(hackathonId: string) {
  const { user } = useAuth();
  return useQuery(judgingQueueQuery(hackathonId, user?.id ?? 'anon'));
}

/** GET /api/hackathons/:id/results — organiser and judges before publication, everyone after. */
export const resultsQuery = (hackathonId: string, viewer: string) =>
  queryOptions({
    queryKey: hackathonKeys.results(hackathonId, viewer),
    queryFn: ({ signal }) =>
      api<HackathonResults>(`/api/hackathons/${enc(hackathonId)}/results`, { signal, on401: 'ignore' }),
    retry: false,
  });

export function useResults(hackathonId: string, enabled = true) {
  const { user } = useAuth();
  return useQuery({ ...resultsQuery(hackathonId, user?.id ?? 'anon'), enabled });
}

/** GET /api/hackathons/:id/gallery — the submissions to vote from after the end, with the caller's vote. */
export const galleryQuery = (hackathonId: string, viewer: string) =>
  queryOptions({
    queryKey: hackathonKeys.gallery(hackathonId, viewer),
    queryFn: ({ signal }) => api<HackathonGallery>(`/api/hackathons/${enc(hackathonId)}/gallery`, { signal }),
    retry: false,
  });

export function useGallery(hackathonId: string, enabled = true) {
  const { user } = useAuth();
  return useQuery({ ...galleryQuery(hackathonId, user?.id ?? 'anon'), enabled: enabled && !!user });
}

function useJudgingMutation<V, R>(
  fn: (v: V) => Promise<R>,
  done: { title: string; message: (r: R, v: V) => string } | null,
  failTitle: string,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r, v) => {
      if (done) notifications.show({ color: 'green', title: done.title, message: done.message(r, v) });
    },
    onError: (err) => showError(err, 'Please try again.', failTitle),
    onSettled: () => qc.invalidateQueries({ queryKey: hackathonKeys.all }),
  });
}

/** PATCH /api/hackathons/:id/judging-settings — criteria and team size, until the end. */
export function useJudgingSettings(hackathonId: string) {
  return useJudgingMutation(
    (body: { criteria?: HackathonCriterion[]; maxTeamSize?: number }) =>
      api<Hackathon>(`/api/hackathons/${enc(hackathonId)}/judging-settings`, { method: 'PATCH', body }),
    {
      title: 'Judging settings saved',
      message: () => 'Participants see the criteria on the hackathon page.',
    },
    'Could not save the settings',
  );
}

/** POST /api/hackathons/:id/judges — invite a judge by e-mail. */
export function useInviteJudge(hackathonId: string) {
  return useJudgingMutation(
    (email: string) =>
      api<{ judge: HackathonJudge }>(`/api/hackathons/${enc(hackathonId)}/judges`, {
        method: 'POST',
        body: { email },
      }),
    { title: 'Judge invited', message: (_r, email) => `${email} is invited to judge.` },
    'Could not invite the judge',
  );
}

/** DELETE /api/hackathons/:id/judges/:judgeId */
export function useRemoveJudge(hackathonId: string) {
  return useJudgingMutation(
    (judgeId: string) =>
      api<null>(`/api/hackathons/${enc(hackathonId)}/judges/${enc(judgeId)}`, { method: 'DELETE' }),
    { title: 'Judge removed', message: () => 'Their scores no longer count.' },
    'Could not remove the judge',
  );
}

/** PUT /api/hackathons/:id/submissions/:sid/score — re-scoring replaces the sheet. */
export function useScoreSubmission(hackathonId: string) {
  return useJudgingMutation(
    (v: { sid: string; body: ScoreBody }) =>
      api<unknown>(`/api/hackathons/${enc(hackathonId)}/submissions/${enc(v.sid)}/score`, {
        method: 'PUT',
        body: v.body,
      }),
    { title: 'Score saved', message: () => 'Your sheet for this project is saved.' },
    'Could not save the score',
  );
}

/** POST /api/hackathons/:id/results/publish — places (default: the ranking) and the prize split. */
export function usePublishResults(hackathonId: string) {
  return useJudgingMutation(
    (body: PublishResultsBody) =>
      api<HackathonResults>(`/api/hackathons/${enc(hackathonId)}/results/publish`, { method: 'POST', body }),
    { title: 'Results published', message: () => 'Every participant is notified.' },
    'Could not publish the results',
  );
}

/** POST /api/hackathons/:id/submissions/:sid/vote — people's choice (a second vote moves it). */
export function useVote(hackathonId: string) {
  return useJudgingMutation(
    (sid: string) =>
      api<unknown>(`/api/hackathons/${enc(hackathonId)}/submissions/${enc(sid)}/vote`, { method: 'POST' }),
    { title: 'Vote counted', message: () => 'You can move your vote until the results are published.' },
    'Could not vote',
  );
}
