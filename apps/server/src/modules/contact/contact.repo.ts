import { and, ilike, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';
import { keysetAfter, keysetOrder, likePattern, type ListOpts } from '../../lib/admin-list.js';
import { cursorTs } from '../../lib/cursor.js';

export type ContactRow = typeof contactMessages.$inferSelect;

/** Stores a contact-form message; returns its id. */
export async function insertContactMessage(
  exec: Executor,
  values: Omit<typeof contactMessages.$inferInsert, 'id' | 'createdAt'>,
): Promise<string> {
  const [row] = await exec.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row!.id;
}

/** The admin's inbox: newest first, searched in name, e-mail, subject and message. */
export async function listForAdmin(db: Executor, f: { q?: string } & ListOpts) {
  const like = f.q ? likePattern(f.q) : null;
  return db
    .select({ c: contactMessages, id: contactMessages.id, cursorTs: cursorTs(contactMessages.createdAt) })
    .from(contactMessages)
    .where(
      and(
        like
          ? or(
              ilike(contactMessages.name, like),
              ilike(contactMessages.email, like),
              ilike(contactMessages.subject, like),
              ilike(contactMessages.message, like),
            )
          : undefined,
        keysetAfter(contactMessages.createdAt, contactMessages.id, f, 'desc'),
      ),
    )
    .orderBy(...keysetOrder(contactMessages.createdAt, contactMessages.id, 'desc'))
    .limit(f.limit + 1);
}
