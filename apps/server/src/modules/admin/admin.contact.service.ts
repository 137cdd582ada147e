import type { AdminContactQuery } from '@agora/shared';
import type { AppContext } from '../../context.js';
import { listContactForAdmin } from '../contact/contact.admin.service.js';
import { listOpts } from './admin.paging.js';

/** The contact form's messages, newest first, for an admin to read. */
export async function listContactMessages(ctx: AppContext, q: AdminContactQuery) {
  const opts = listOpts(q);
  return listContactForAdmin(ctx.db, { q: q.q, ...opts });
}
