import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** Sets where a user works (their profile company) and their headline, as PUT /api/users/me would. */
export async function setWorkplace(
  db: Executor,
  userId: string,
  company: string | null,
  headline: string | null = null,
): Promise<void> {
  await db.update(users).set({ company, headline }).where(eq(users.id, userId));
}
