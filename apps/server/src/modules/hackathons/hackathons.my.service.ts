import type { HackathonSubmission } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { present, toSubmission } from './hackathons.presenter.js';
import * as repo from './hackathons.repo.js';
import { decodeCursor, encodeCursor, type HackathonsShared } from './hackathons.shared.js';
import * as teamsRepo from './hackathons.teams.repo.js';

/** Submissions shown per hackathon on My Hackathons. */
export const MY_SUBMISSIONS_PER_HACKATHON = 20;

/** My Hackathons: the ones the user joined and the ones they organised. */
export function createMyHackathonsService(ctx: AppContext, s: HackathonsShared) {
  async function presentWithSubmissions(items: repo.HackathonRecord[], viewer: SessionUser) {
    const ids = items.map((r) => r.h.id);
    const subs = await repo.listSubmissionsFor(ctx.db, ids, MY_SUBMISSIONS_PER_HACKATHON);
    const byHackathon = new Map<string, HackathonSubmission[]>();
    for (const sub of subs) {
      const list = byHackathon.get(sub.hackathonId) ?? [];
      list.push(toSubmission(sub));
      byHackathon.set(sub.hackathonId, list);
    }
    const t = s.now();
    return items.map((r) => ({ ...present(r, viewer, t), submissions: byHackathon.get(r.h.id) ?? [] }));
  }

  return {
    async myRegistrations(user: SessionUser, q: { limit: number; cursor?: string }) {
      const [page, total] = await Promise.all([
        repo.listRegistered(ctx.db, { userId: user.id, limit: q.limit, cursor: decodeCursor(q.cursor) }),
        repo.countRegistered(ctx.db, user.id),
      ]);
      const t = s.now();
      // Each card carries the caller's submission: their team's (whoever of them sent it) or their own.
      const subs = await teamsRepo.submissionsOfPerson(
        ctx.db,
        page.items.map((r) => r.h.id),
        user.id,
      );
      const byHackathon = new Map(subs.map((sub) => [sub.hackathonId, toSubmission(sub)]));
      return {
        items: page.items.map((r) => {
          const mine = byHackathon.get(r.h.id);
          return { ...present(r, user, t), submissions: mine ? [mine] : [] };
        }),
        nextCursor: encodeCursor(page.next),
        total,
      };
    },

    /** The hackathons the user organised, with their newest submissions (one query for all). */
    async mySubmissions(user: SessionUser, q: { limit: number; cursor?: string }) {
      const [page, total] = await Promise.all([
        repo.listAuthored(ctx.db, { userId: user.id, limit: q.limit, cursor: decodeCursor(q.cursor) }),
        repo.countAuthored(ctx.db, user.id),
      ]);
      return {
        items: await presentWithSubmissions(page.items, user),
        nextCursor: encodeCursor(page.next),
        total,
      };
    },
  };
}
