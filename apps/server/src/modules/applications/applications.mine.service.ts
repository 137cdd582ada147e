import type { Application, ApplicationListQuery, ApplicationResult } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { decodeKeyset, page } from '../../lib/cursor.js';
import { isUuid } from '../../lib/ids.js';
import { canWithdraw } from './applications.policy.js';
import { toApplication } from './applications.presenter.js';
import * as repo from './applications.repo.js';

const NOT_FOUND = 'Application not found';

/** The seeker's side: their applications, newest first, and withdrawing one. */
export function createMyApplicationsService(ctx: AppContext) {
  return {
    /** GET /api/applications/mine. */
    async list(
      user: SessionUser,
      q: ApplicationListQuery,
    ): Promise<{ applications: Application[]; nextCursor: string | null }> {
      const rows = await repo.pageOfMine(ctx.db, user.id, decodeKeyset(q.cursor), q.limit);
      const p = page(
        rows.map((r) => ({ ...r, id: r.a.id })),
        q.limit,
      );
      const referrals = await ctx.applicationReferrals.sentFor(p.items.map((r) => r.a.id));
      return {
        applications: p.items.map((r) => ({
          ...toApplication(r, user),
          referrals: referrals.get(r.a.id) ?? [],
        })),
        nextCursor: p.nextCursor,
      };
    },

    /**
     * DELETE /api/applications/{id}: the applicant withdraws (the poster then sees it withdrawn).
     * Anyone else is told there is no such application.
     */
    async withdraw(user: SessionUser, id: string): Promise<ApplicationResult> {
      if (!isUuid(id)) notFound(NOT_FOUND);
      const at = ctx.clock.now();
      await ctx.db.transaction(async (tx) => {
        const row = await repo.lockRow(tx, id);
        if (!row || !canWithdraw(user, row)) return notFound(NOT_FOUND);
        // Withdrawing again changes nothing (a second click, a retried request).
        if (row.status === 'withdrawn') return;
        await repo.setStatus(tx, id, { status: 'withdrawn', at: at.toISOString() }, at);
      });
      const rec = (await repo.findRecord(ctx.db, id))!;
      return { application: toApplication(rec, user) };
    },
  };
}
