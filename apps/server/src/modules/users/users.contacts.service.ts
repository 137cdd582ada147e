import type { Executor } from '../../db/client.js';
import { type AccountContact, contactWithStatus } from './users.accounts.repo.js';

/**
 * Where to send e-mail this person asked for (a job alert's): their id, display name and address,
 * or undefined when the account is gone or not active. A suspended account gets none, as with the
 * category digest.
 */
export async function contactForRequestedMail(
  exec: Executor,
  userId: string,
): Promise<AccountContact | undefined> {
  const row = await contactWithStatus(exec, userId);
  if (row?.status !== 'active') return undefined;
  return { id: row.id, displayName: row.displayName, email: row.email };
}
