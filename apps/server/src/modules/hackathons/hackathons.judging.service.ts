import {
  type Hackathon,
  HACKATHON_TEAMS,
  type HackathonGallery,
  type HackathonJudge,
  type HackathonResults,
  JUDGING_MESSAGES,
  type JudgingQueue,
  type JudgingSettingsBody,
  judgeResults,
  type PublishResultsBody,
  type ResultRow,
  type ScoreBody,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { composeMail } from '../../lib/mail-template.js';
import { enqueueMails } from '../../platform/mail.js';
import { notify, notifyOnceMany } from '../notifications/notifications.service.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { accountByEmail, accountCreatedAt } from '../users/users.accounts.js';
import { peopleById } from '../users/users.network.js';
import {
  hackathonJudgeInviteMail,
  hackathonResultsMail,
  judgingMessages,
} from './hackathons.judging.mail.js';
import * as judging from './hackathons.judging.repo.js';
import { payPrizes } from './hackathons.prizes.service.js';
import * as teams from './hackathons.teams.repo.js';
import { canSeeHackathon, isOrganizer, isPrivileged } from './hackathons.policy.js';
import { present, type Viewer } from './hackathons.presenter.js';
import * as repo from './hackathons.repo.js';

/** Places given by default at publication: the ranking's top three. */
export const DEFAULT_PLACES = 3;

type HackathonRow = repo.HackathonRecord['h'];

/** What judging reads of a hackathon: its submissions, who is behind each, and every sheet. */
interface Board {
  subs: judging.JudgedSubmission[];
  /** Submission id → the user ids of its team (or its solo submitter). */
  people: Map<string, Set<string>>;
  scores: judging.ScoreRow[];
}

/**
 * Judges, criteria, fair results and the people's choice of a hackathon (#47 items 3–5). A judge
 * is the account whose e-mail an organiser invited; their submissions are all but those of a team
 * they belong to (or their own solo one).
 */
export function createHackathonJudging(ctx: AppContext) {
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

  const api = {
    /** PATCH /api/hackathons/:id/judging-settings: the organiser, until the end. */
    async updateSettings(user: SessionUser, id: string, body: JudgingSettingsBody): Promise<Hackathon> {
      const h = await loadOrganised(user, id, 'change the judging settings');
      if (ended(h))
        conflict('HACKATHON_ENDED', 'The hackathon has ended: its settings can no longer change.');
      const row = await judging.updateJudgingSettings(ctx.db, id, body, now());
      if (!row) {
        conflict('TEAM_TOO_LARGE', `A team already has more than ${body.maxTeamSize} members.`);
      }
      const rec = await repo.findRecord(ctx.db, id, user.id);
      return present(rec!, user, now());
    },

    /** POST /api/hackathons/:id/judges: the organiser invites an e-mail address to judge. */
    async inviteJudge(user: SessionUser, id: string, email: string): Promise<HackathonJudge> {
      const h = await loadOrganised(user, id, 'invite judges');
      if (h.resultsPublishedAt) conflict('RESULTS_PUBLISHED', JUDGING_MESSAGES.published);
      const address = email.trim().toLowerCase();
      const judge = await ctx.db.transaction(async (tx) => {
        if ((await judging.listJudges(tx, id)).length >= HACKATHON_TEAMS.judgesMax) {
          conflict('TOO_MANY_JUDGES', `A hackathon has at most ${HACKATHON_TEAMS.judgesMax} judges.`);
        }
        const account = await accountByEmail(tx, address);
        const row = await judging.insertJudge(tx, {
          hackathonId: id,
          email: address,
          userId: account?.id ?? null,
        });
        if (!row) return conflict('ALREADY_JUDGE', 'This address is already a judge of this hackathon.');
        await tellJudge(tx, h, user.displayName, address, account);
        return row;
      });
      const [out] = await presentJudges(await board(id), [judge]);
      return out!;
    },

    /** GET /api/hackathons/:id/judges: the organiser (and admins) see every judge's progress. */
    async listJudges(user: SessionUser, id: string): Promise<HackathonJudge[]> {
      const { h } = await loadVisible(user, id);
      if (!isPrivileged(user, h)) forbidden('Only the organizer can see the judges.');
      const [b, rows] = await Promise.all([board(id), judging.listJudges(ctx.db, id)]);
      return presentJudges(b, rows);
    },

    /** DELETE /api/hackathons/:id/judges/:judgeId: the organiser, before publication (their sheets go too). */
    async removeJudge(user: SessionUser, id: string, judgeId: string): Promise<void> {
      const h = await loadOrganised(user, id, 'remove judges');
      if (h.resultsPublishedAt) conflict('RESULTS_PUBLISHED', JUDGING_MESSAGES.published);
      if (!isUuid(judgeId) || !(await judging.deleteJudge(ctx.db, id, judgeId))) notFound('Judge not found');
    },

    /** GET /api/hackathons/:id/judging: a judge's queue, with their own sheets. */
    async queue(user: SessionUser, id: string): Promise<JudgingQueue> {
      const { h, judge } = await openJudge(user, id);
      const b = await board(id);
      const sheets = new Map(b.scores.filter((s) => s.judgeId === judge.id).map((s) => [s.submissionId, s]));
      const items = assigned(b, judge.userId).map((s) => {
        const sheet = sheets.get(s.id);
        return {
          submissionId: s.id,
          projectTitle: s.projectTitle,
          projectDescription: s.projectDescription,
          teamName: s.teamName,
          githubLink: s.githubUrl,
          demoLink: s.demoUrl,
          myScore: sheet
            ? { scores: sheet.scores, comment: sheet.comment, updatedAt: sheet.updatedAt.toISOString() }
            : null,
        };
      });
      return { criteria: h.criteria, items, ...progress(b, judge) };
    },

    /** PUT /api/hackathons/:id/submissions/:sid/score: a sheet for an assigned submission (replaces). */
    async score(user: SessionUser, id: string, sid: string, body: ScoreBody) {
      const { h, judge } = await openJudge(user, id);
      const b = await board(id);
      const sub = (isUuid(sid) && b.subs.find((s) => s.id === sid)) || notFound('Submission not found');
      if (b.people.get(sub.id)!.has(user.id)) forbidden('You cannot judge a submission of your own team.');
      const names = h.criteria.map((c) => c.name);
      const given = Object.keys(body.scores);
      const unknown = given.filter((k) => !names.includes(k));
      const missing = names.filter((n) => !given.includes(n));
      if (unknown.length || missing.length) {
        badRequest(`Score every criterion, and only these: ${names.join(', ')}.`, [
          {
            field: 'scores',
            message: [...missing.map((m) => `missing ${m}`), ...unknown.map((u) => `unknown ${u}`)].join(
              '; ',
            ),
          },
        ]);
      }
      const row = await judging.upsertScore(ctx.db, {
        submissionId: sub.id,
        judgeId: judge.id,
        hackathonId: id,
        scores: body.scores,
        comment: body.comment ? body.comment : null,
        updatedAt: now(),
      });
      return {
        submissionId: row.submissionId,
        scores: row.scores,
        comment: row.comment,
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    /** GET /api/hackathons/:id/results: organiser and judges before publication; everyone after. */
    async results(viewer: Viewer, id: string): Promise<HackathonResults> {
      const { h } = await loadVisible(viewer, id);
      const published = h.resultsPublishedAt !== null;
      if (!published && !isPrivileged(viewer, h) && !(viewer && (await judgeOf(viewer, id)))) {
        forbidden('The results are not published yet.');
      }
      const [b, judges, votes] = await Promise.all([
        board(id),
        judging.listJudges(ctx.db, id),
        published ? judging.voteCounts(ctx.db, id) : Promise.resolve(new Map<string, number>()),
      ]);
      const ranked = rank(h, b);
      const byId = new Map(b.subs.map((s) => [s.id, s]));
      const rows = ranked.map((r): ResultRow => {
        const s = byId.get(r.submissionId)!;
        const mine = published && viewer !== null && b.people.get(s.id)!.has(viewer.id);
        return {
          ...r,
          projectTitle: s.projectTitle,
          teamName: s.teamName,
          place: published ? s.place : null,
          votes: published ? (votes.get(s.id) ?? 0) : null,
          // Released to the team's members once the results are out; nobody else reads them.
          ...(mine
            ? {
                comments: b.scores.filter((x) => x.submissionId === s.id && x.comment).map((x) => x.comment!),
              }
            : {}),
        };
      });
      const named = await presentJudges(b, judges);
      return {
        published,
        publishedAt: h.resultsPublishedAt ? h.resultsPublishedAt.toISOString() : null,
        criteria: h.criteria,
        rows,
        judges: named.map((j) => ({
          judgeId: j._id,
          displayName: j.user?.displayName ?? 'Invited judge',
          scored: j.scored,
          assigned: j.assigned,
        })),
      };
    },

    /** POST /api/hackathons/:id/results/publish: the organiser, after the end, once. */
    async publish(user: SessionUser, id: string, body: PublishResultsBody): Promise<HackathonResults> {
      const h = await loadOrganised(user, id, 'publish the results');
      if (h.criteria.length === 0) conflict('CRITERIA_MISSING', JUDGING_MESSAGES.criteriaMissing);
      if (h.resultsPublishedAt) conflict('ALREADY_PUBLISHED', 'The results are already published.');
      if (h.status !== 'published' || !ended(h)) {
        conflict('JUDGING_NOT_OPEN', 'The results can be published once the hackathon has ended.');
      }
      const b = await board(id);
      const places = body.places ?? defaultPlaces(h, b);
      if (new Set(places).size !== places.length) badRequest('A submission can hold one place only.');
      const known = new Set(b.subs.map((s) => s.id));
      if (places.some((sid) => !known.has(sid)))
        badRequest('Every place must be a submission of this hackathon.');
      const split = body.prizeSplit;
      if (split?.some((p) => p.place > places.length)) {
        badRequest('Every place of the prize split must have a submission.');
      }
      const at = now();
      await ctx.db.transaction(async (tx) => {
        const claimed = await judging.claimPublication(tx, id, at);
        if (!claimed) conflict('ALREADY_PUBLISHED', 'The results are already published.');
        if (split && claimed!.prizeState !== 'held') {
          conflict('NO_PRIZE_HELD', 'This hackathon holds no prize money to split.');
        }
        if (claimed!.prizeState === 'held' && !split) {
          badRequest('Give the prize split: this hackathon holds prize money.');
        }
        await judging.setPlaces(tx, id, places, at);
        if (split) await payPrizes(tx, id, places, split, at);
        const m = judgingMessages.results(h, ctx.config.publicUrl);
        const participants = await repo.participantEmails(tx, id);
        await notifyOnceMany(
          tx,
          participants.map((p) => ({
            userId: p.userId,
            onceKey: `hackathon_results:${id}`,
            type: 'hackathon_results' as const,
            title: m.title,
            body: m.body,
            link: m.link,
            mail: notificationMail(
              ctx.config,
              { id: p.userId, email: p.email },
              hackathonResultsMail,
              m.mail,
            ),
          })),
        );
      });
      return api.results(user, id);
    },

    /**
     * GET /api/hackathons/:id/gallery: every signed-in person who can see the hackathon, once it has
     * ended (before, the projects are still being built: 409), with their own vote; counts after
     * publication only.
     */
    async gallery(user: SessionUser, id: string): Promise<HackathonGallery> {
      const { h } = await loadVisible(user, id);
      if (h.status !== 'published' || !ended(h)) {
        conflict('VOTING_NOT_OPEN', 'The submissions are shown when the hackathon ends.');
      }
      const published = h.resultsPublishedAt !== null;
      const [b, mine, votes] = await Promise.all([
        board(id),
        judging.myVote(ctx.db, id, user.id),
        published ? judging.voteCounts(ctx.db, id) : Promise.resolve(new Map<string, number>()),
      ]);
      return {
        votingOpen: !published,
        myVote: mine,
        items: b.subs.map((s) => ({
          submissionId: s.id,
          projectTitle: s.projectTitle,
          projectDescription: s.projectDescription,
          teamName: s.teamName,
          githubLink: s.githubUrl,
          demoLink: s.demoUrl,
          mine: b.people.get(s.id)!.has(user.id),
          votes: published ? (votes.get(s.id) ?? 0) : null,
        })),
      };
    },

    /** POST /api/hackathons/:id/submissions/:sid/vote: people's choice, once per person (moves). */
    async vote(user: SessionUser, id: string, sid: string) {
      const { h } = await loadVisible(user, id);
      if (h.resultsPublishedAt) conflict('RESULTS_PUBLISHED', JUDGING_MESSAGES.published);
      if (h.status !== 'published' || !ended(h)) {
        conflict('VOTING_NOT_OPEN', 'Voting opens when the hackathon ends.');
      }
      if (!isUuid(sid)) notFound('Submission not found');
      const sub = (await repo.findSubmissionById(ctx.db, id, sid)) ?? notFound('Submission not found');
      const b = await board(id);
      if (b.people.get(sub.id)?.has(user.id)) forbidden('You cannot vote for your own team.');
      // Refused rather than stored and left uncounted: the voter learns at once that it does not
      // count, and the counts are a plain tally of the table (no join on account age).
      const created = await accountCreatedAt(ctx.db, user.id);
      if (!created || created.getTime() > h.endDate.getTime()) forbidden(JUDGING_MESSAGES.lateAccount);
      const row = await judging.upsertVote(ctx.db, {
        hackathonId: id,
        userId: user.id,
        submissionId: sub.id,
        updatedAt: now(),
      });
      return { submissionId: row.submissionId, updatedAt: row.updatedAt.toISOString() };
    },
  };
  return api;

  /** The judges' ranking (judgeResults: per-judge z-scores averaged), oldest submission first on ties. */
  function rank(h: HackathonRow, b: Board) {
    return judgeResults(
      h.criteria,
      b.subs.map((s) => s.id),
      b.scores.map((s) => ({ judgeId: s.judgeId, submissionId: s.submissionId, scores: s.scores })),
    );
  }

  function defaultPlaces(h: HackathonRow, b: Board): string[] {
    return rank(h, b)
      .filter((r) => r.normalized !== null)
      .slice(0, DEFAULT_PLACES)
      .map((r) => r.submissionId);
  }

  /** The invitation: a notification (and its e-mail) to an account, or an e-mail to a bare address. */
  async function tellJudge(
    tx: Executor,
    h: HackathonRow,
    organiser: string,
    email: string,
    account: { id: string } | undefined,
  ) {
    const m = judgingMessages.invite(h, organiser, ctx.config.publicUrl);
    if (account) {
      await notify(tx, account.id, {
        type: 'hackathon_judging',
        title: m.title,
        body: m.body,
        link: m.link,
        mail: notificationMail(ctx.config, { id: account.id, email }, hackathonJudgeInviteMail, m.mail),
      });
    } else {
      await enqueueMails(tx, [composeMail(hackathonJudgeInviteMail, m.mail, email)]);
    }
  }
}

export type HackathonJudging = ReturnType<typeof createHackathonJudging>;
