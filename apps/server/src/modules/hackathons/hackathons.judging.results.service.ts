import type { HackathonResults, PublishResultsBody, ResultRow } from '@agora/shared';
import { JUDGING_MESSAGES } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { badRequest, conflict, forbidden } from '../../lib/errors.js';
import { notifyOnceMany } from '../notifications/notifications.service.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { hackathonResultsMail, judgingMessages } from './hackathons.judging.mail.js';
import * as judging from './hackathons.judging.repo.js';
import type { Board, HackathonRow, JudgingShared } from './hackathons.judging.shared.js';
import { isPrivileged } from './hackathons.policy.js';
import type { Viewer } from './hackathons.presenter.js';
import { payPrizes } from './hackathons.prizes.service.js';
import * as repo from './hackathons.repo.js';

/** Places given by default at publication: the ranking's top three. */
export const DEFAULT_PLACES = 3;

/** The ranking read before publication, and its publication: places, prize split and the news. */
export function createResultsService(ctx: AppContext, s: JudgingShared) {
  function defaultPlaces(h: HackathonRow, b: Board): string[] {
    return s
      .rank(h, b)
      .filter((r) => r.normalized !== null)
      .slice(0, DEFAULT_PLACES)
      .map((r) => r.submissionId);
  }

  const api = {
    /** GET /api/hackathons/:id/results: organiser and judges before publication; everyone after. */
    async results(viewer: Viewer, id: string): Promise<HackathonResults> {
      const { h } = await s.loadVisible(viewer, id);
      const published = h.resultsPublishedAt !== null;
      if (!published && !isPrivileged(viewer, h) && !(viewer && (await s.judgeOf(viewer, id)))) {
        forbidden('The results are not published yet.');
      }
      const [b, judges, votes] = await Promise.all([
        s.board(id),
        judging.listJudges(ctx.db, id),
        published ? judging.voteCounts(ctx.db, id) : Promise.resolve(new Map<string, number>()),
      ]);
      const ranked = s.rank(h, b);
      const byId = new Map(b.subs.map((x) => [x.id, x]));
      const rows = ranked.map((r): ResultRow => {
        const sub = byId.get(r.submissionId)!;
        const mine = published && viewer !== null && b.people.get(sub.id)!.has(viewer.id);
        return {
          ...r,
          projectTitle: sub.projectTitle,
          teamName: sub.teamName,
          place: published ? sub.place : null,
          votes: published ? (votes.get(sub.id) ?? 0) : null,
          // Released to the team's members once the results are out; nobody else reads them.
          ...(mine
            ? {
                comments: b.scores
                  .filter((x) => x.submissionId === sub.id && x.comment)
                  .map((x) => x.comment!),
              }
            : {}),
        };
      });
      const named = await s.presentJudges(b, judges);
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
      const h = await s.loadOrganised(user, id, 'publish the results');
      if (h.criteria.length === 0) conflict('CRITERIA_MISSING', JUDGING_MESSAGES.criteriaMissing);
      if (h.resultsPublishedAt) conflict('ALREADY_PUBLISHED', 'The results are already published.');
      if (h.status !== 'published' || !s.ended(h)) {
        conflict('JUDGING_NOT_OPEN', 'The results can be published once the hackathon has ended.');
      }
      const b = await s.board(id);
      const places = body.places ?? defaultPlaces(h, b);
      if (new Set(places).size !== places.length) badRequest('A submission can hold one place only.');
      const known = new Set(b.subs.map((x) => x.id));
      if (places.some((sid) => !known.has(sid)))
        badRequest('Every place must be a submission of this hackathon.');
      const split = body.prizeSplit;
      if (split?.some((p) => p.place > places.length)) {
        badRequest('Every place of the prize split must have a submission.');
      }
      const at = s.now();
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
  };
  return api;
}
