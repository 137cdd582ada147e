import { type HackathonJudge, JUDGING_MESSAGES, judgeResults } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { peopleById } from '../users/users.people.service.js';
import * as judging from './hackathons.judging.repo.js';
import { canSeeHackathon, isOrganizer } from './hackathons.policy.js';
import type { Viewer } from './hackathons.presenter.js';
import * as repo from './hackathons.repo.js';
import * as teams from './hackathons.teams.repo.js';

export type HackathonRow = repo.HackathonRecord['h'];

/** What judging reads of a hackathon: its submissions, who is behind each, and every sheet. */
export interface Board {
  subs: judging.JudgedSubmission[];
  /** Submission id → the user ids of its team (or its solo submitter). */
  people: Map<string, Set<string>>;
  scores: judging.ScoreRow[];
}

/** A submission as a judge's queue and the people's-choice gallery both show it. */
export const submissionSummary = (x: judging.JudgedSubmission) => ({
  submissionId: x.id,
  projectTitle: x.projectTitle,
  projectDescription: x.projectDescription,
  teamName: x.teamName,
  githubLink: x.githubUrl,
  demoLink: x.demoUrl,
});

/**
 * What every judging use case reads: the hackathon as the caller may see it, the caller's judge
 * row, the board of submissions and sheets, and each judge's progress. A judge is the account
 * whose e-mail an organiser invited; their submissions are all but those of a team they belong to
 * (or their own solo one).
 */
export function createJudgingShared(ctx: AppContext) {
  const now = () => ctx.clock.now();
  const ended = (h: HackathonRow) => h.endDate.getTime() <= now().getTime();

  async function loadVisible(viewer: Viewer, id: string): Promise<repo.HackathonRecord> {
    if (!isUuid(id)) notFound('Hackathon not found');
    const rec = await repo.findRecord(ctx.db, id, viewer?.id ?? null);
    if (!rec || !canSeeHackathon(viewer, rec.h)) return notFound('Hackathon not found');
    return rec;
  }

  async function loadOrganised(user: SessionUser, id: string, what: string): Promise<HackathonRow> {
    const { h } = await loadVisible(user, id);
    if (!isOrganizer(user, h)) forbidden(`Only the organizer can ${what}.`);
    return h;
  }

  /** The caller's judge row in this hackathon (linked to their account the first time they act). */
  async function judgeOf(user: SessionUser | null, hackathonId: string) {
    if (!user) return undefined;
    const j = await judging.findJudgeByEmail(ctx.db, hackathonId, user.email);
    if (j && !j.userId) {
      await judging.linkJudge(ctx.db, j.id, user.id);
      j.userId = user.id;
    }
    return j && j.userId === user.id ? j : undefined;
  }

  async function board(hackathonId: string): Promise<Board> {
    const [subs, scores] = await Promise.all([
      judging.listSubmissions(ctx.db, hackathonId),
      judging.listScores(ctx.db, hackathonId),
    ]);
    const teamIds = [...new Set(subs.flatMap((s) => (s.teamId ? [s.teamId] : [])))];
    const members = await teams.membersOf(ctx.db, teamIds);
    const people = new Map<string, Set<string>>();
    for (const s of subs) {
      const set = new Set([s.userId]);
      for (const m of members) if (m.teamId === s.teamId) set.add(m.userId);
      people.set(s.id, set);
    }
    return { subs, people, scores };
  }

  /** The submissions assigned to a judge: all, minus those their account is behind. */
  const assigned = (b: Board, userId: string | null) =>
    b.subs.filter((s) => !userId || !b.people.get(s.id)!.has(userId));

  function progress(b: Board, j: judging.JudgeRow) {
    const mine = assigned(b, j.userId);
    const ids = new Set(mine.map((s) => s.id));
    const scored = b.scores.filter((s) => s.judgeId === j.id && ids.has(s.submissionId)).length;
    return { scored, assigned: mine.length };
  }

  /** A judge who may score now: 404 invisible, 403 not a judge, 409 too early, too late or no criteria. */
  async function openJudge(user: SessionUser, id: string) {
    const { h } = await loadVisible(user, id);
    const judge = (await judgeOf(user, id)) ?? forbidden('Only the judges of this hackathon can do this.');
    if (h.criteria.length === 0) conflict('CRITERIA_MISSING', JUDGING_MESSAGES.criteriaMissing);
    if (h.resultsPublishedAt) conflict('RESULTS_PUBLISHED', JUDGING_MESSAGES.published);
    if (h.status !== 'published' || !ended(h)) conflict('JUDGING_NOT_OPEN', JUDGING_MESSAGES.notOpen);
    return { h, judge: judge! };
  }

  async function presentJudges(b: Board, rows: judging.JudgeRow[]): Promise<HackathonJudge[]> {
    const people = await peopleById(
      ctx.db,
      rows.flatMap((j) => (j.userId ? [j.userId] : [])),
    );
    return rows.map((j) => {
      const p = j.userId ? people.get(j.userId) : undefined;
      return {
        _id: j.id,
        email: j.email,
        user: p ? { id: p.id, displayName: p.displayName } : null,
        ...progress(b, j),
      };
    });
  }

  /** The judges' ranking (judgeResults: per-judge z-scores averaged), oldest submission first on ties. */
  function rank(h: HackathonRow, b: Board) {
    return judgeResults(
      h.criteria,
      b.subs.map((s) => s.id),
      b.scores.map((s) => ({ judgeId: s.judgeId, submissionId: s.submissionId, scores: s.scores })),
    );
  }

  return {
    now,
    ended,
    loadVisible,
    loadOrganised,
    judgeOf,
    board,
    assigned,
    progress,
    openJudge,
    presentJudges,
    rank,
  };
}

export type JudgingShared = ReturnType<typeof createJudgingShared>;
