import type { Executor } from '../../db/client.js';
import * as accounts from './users.accounts.repo.js';

/*
 * What other areas ask of an account by its e-mail address or age, in their own transaction when
 * they pass one (hackathons: team and judge invitations, people's-choice votes).
 */

/**
 * The account an invitation to this address reaches, if any: the one holding it, whatever the
 * case or surrounding spaces it is written with. The inviter's area tells that account in the app
 * at once; an address without one waits for someone to sign up with it.
 */
export function accountInvitedByEmail(
  exec: Executor,
  email: string,
): Promise<accounts.AccountContact | undefined> {
  return accounts.accountByEmail(exec, email.trim().toLowerCase());
}

/**
 * Whether this account already existed at `moment` (false when it no longer exists): a vote
 * counts only from an account opened before the hackathon ended, so nobody signs up to vote again.
 */
export async function accountOpenedBy(exec: Executor, userId: string, moment: Date): Promise<boolean> {
  const created = await accounts.accountCreatedAt(exec, userId);
  return created !== null && created.getTime() <= moment.getTime();
}
