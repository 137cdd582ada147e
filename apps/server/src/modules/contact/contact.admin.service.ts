import type { AdminContactMessage } from '@agora/shared';
import type { Executor } from '../../db/client.js';
import type { ListOpts } from '../../lib/admin-list.js';
import { page } from '../../lib/cursor.js';
import * as repo from './contact.repo.js';

/** What the admin area reads of contact messages. */
export function toAdminContact(c: repo.ContactRow): AdminContactMessage {
  return {
    _id: c.id,
    name: c.name,
    email: c.email,
    subject: c.subject,
    category: c.category,
    message: c.message,
    userId: c.userId,
    createdAt: c.createdAt.toISOString(),
  };
}

export async function listContactForAdmin(
  db: Executor,
  f: { q?: string } & ListOpts,
): Promise<{ items: AdminContactMessage[]; nextCursor: string | null }> {
  const p = page(await repo.listForAdmin(db, f), f.limit);
  return { items: p.items.map((r) => toAdminContact(r.c)), nextCursor: p.nextCursor };
}
