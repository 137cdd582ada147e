import type { Executor } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';

/** Stores a contact-form message; returns its id. */
export async function insertContactMessage(
  exec: Executor,
  values: Omit<typeof contactMessages.$inferInsert, 'id' | 'createdAt'>,
): Promise<string> {
  const [row] = await exec.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row!.id;
}
