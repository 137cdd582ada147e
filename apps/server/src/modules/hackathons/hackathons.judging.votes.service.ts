import { type HackathonGallery, JUDGING_MESSAGES } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { accountOpenedBy } from '../users/users.accounts.service.js';
import * as judging from './hackathons.judging.repo.js';
import { type JudgingShared, submissionSummary } from './hackathons.judging.shared.js';
import * as repo from './hackathons.repo.js';

/** The people's choice: the gallery of an ended hackathon's projects and one vote per person. */
export function createPeoplesChoiceService(ctx: AppContext, s: JudgingShared) {
  return {
    /**
     * GET /api/hackathons/:id/gallery: every signed-in person who can see the hackathon, once it has
     * ended (before, the projects are still being built: 409), with their own vote; counts after
     * publication only.
     */
    async gallery(user: SessionUser, id: string): Promise<HackathonGallery> {
      const { h } = await s.loadVisible(user, id);
      if (h.status !== 'published' || !s.ended(h)) {
        conflict('VOTING_NOT_OPEN', 'The submissions are shown when the hackathon ends.');
      }
      const published = h.resultsPublishedAt !== null;
      const [b, mine, votes] = await Promise.all([
        s.board(id),
        judging.myVote(ctx.db, id, user.id),
        published ? judging.voteCounts(ctx.db, id) : Promise.resolve(new Map<string, number>()),
      ]);
      return {
        votingOpen: !published,
        myVote: mine,
        items: b.subs.map((x) => ({
          ...submissionSummary(x),
          mine: b.people.get(x.id)!.has(user.id),
          votes: published ? (votes.get(x.id) ?? 0) : null,
        })),
      };
    },

    /** POST /api/hackathons/:id/submissions/:sid/vote: people's choice, once per person (moves). */
    async vote(user: SessionUser, id: string, sid: string) {
      const { h } = await s.loadVisible(user, id);
      if (h.resultsPublishedAt) conflict('RESULTS_PUBLISHED', JUDGING_MESSAGES.published);
      if (h.status !== 'published' || !s.ended(h)) {
        conflict('VOTING_NOT_OPEN', 'Voting opens when the hackathon ends.');
      }
      if (!isUuid(sid)) notFound('Submission not found');
      const sub = (await repo.findSubmissionById(ctx.db, id, sid)) ?? notFound('Submission not found');
      const b = await s.board(id);
      if (b.people.get(sub.id)?.has(user.id)) forbidden('You cannot vote for your own team.');
      // Refused rather than stored and left uncounted: the voter learns at once that it does not
      // count, and the counts are a plain tally of the table (no join on account age).
      if (!(await accountOpenedBy(ctx.db, user.id, h.endDate))) forbidden(JUDGING_MESSAGES.lateAccount);
      const row = await judging.upsertVote(ctx.db, {
        hackathonId: id,
        userId: user.id,
        submissionId: sub.id,
        updatedAt: s.now(),
      });
      return { submissionId: row.submissionId, updatedAt: row.updatedAt.toISOString() };
    },
  };
}
