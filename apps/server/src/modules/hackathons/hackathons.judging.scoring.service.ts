import type { JudgingQueue, ScoreBody } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import * as judging from './hackathons.judging.repo.js';
import { type JudgingShared, submissionSummary } from './hackathons.judging.shared.js';

/** A judge's side: their queue of assigned submissions and the score sheets they fill in. */
export function createScoringService(ctx: AppContext, s: JudgingShared) {
  return {
    /** GET /api/hackathons/:id/judging: a judge's queue, with their own sheets. */
    async queue(user: SessionUser, id: string): Promise<JudgingQueue> {
      const { h, judge } = await s.openJudge(user, id);
      const b = await s.board(id);
      const sheets = new Map(b.scores.filter((x) => x.judgeId === judge.id).map((x) => [x.submissionId, x]));
      const items = s.assigned(b, judge.userId).map((x) => {
        const sheet = sheets.get(x.id);
        return {
          ...submissionSummary(x),
          myScore: sheet
            ? { scores: sheet.scores, comment: sheet.comment, updatedAt: sheet.updatedAt.toISOString() }
            : null,
        };
      });
      return { criteria: h.criteria, items, ...s.progress(b, judge) };
    },

    /** PUT /api/hackathons/:id/submissions/:sid/score: a sheet for an assigned submission (replaces). */
    async score(user: SessionUser, id: string, sid: string, body: ScoreBody) {
      const { h, judge } = await s.openJudge(user, id);
      const b = await s.board(id);
      const sub = (isUuid(sid) && b.subs.find((x) => x.id === sid)) || notFound('Submission not found');
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
        updatedAt: s.now(),
      });
      return {
        submissionId: row.submissionId,
        scores: row.scores,
        comment: row.comment,
        updatedAt: row.updatedAt.toISOString(),
      };
    },
  };
}
