import type { AuditQuery } from '@agora/shared';
import type { AppContext } from '../../context.js';
import { page } from '../../lib/cursor.js';
import * as usersAdmin from '../users/users.admin.service.js';
import { listOpts } from './admin.paging.js';
import { presentAuditEntry } from './admin.presenter.js';
import * as repo from './admin.repo.js';

/** The audit log as admins read it: entries newest first, each with the admin who acted. */
export async function auditLog(ctx: AppContext, q: AuditQuery) {
  const opts = listOpts(q);
  const rows = await repo.listAudit(ctx.db, { ...q, ...opts });
  const p = page(rows, opts.limit);
  const actorIds = [...new Set(p.items.flatMap((r) => (r.a.actorId ? [r.a.actorId] : [])))];
  const actors = new Map((await usersAdmin.peopleByIds(ctx.db, actorIds)).map((u) => [u.id, u]));
  return {
    items: p.items.map((r) => presentAuditEntry(r.a, (r.a.actorId && actors.get(r.a.actorId)) || null)),
    nextCursor: p.nextCursor,
  };
}
