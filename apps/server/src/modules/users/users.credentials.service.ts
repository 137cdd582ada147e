import type { Executor } from '../../db/client.js';
import * as credentials from './users.credentials.repo.js';

/**
 * Accounts as sign-in sees them: what auth reads and changes of a user (its e-mail, password hash,
 * Google identity, role). The rules of signing in stay in auth; the rows are the users area's.
 */
export type AccountRow = credentials.UserRow;
export type NewAccount = Parameters<typeof credentials.insertUser>[1];

export const accountWithEmail = (exec: Executor, email: string) => credentials.findUserByEmail(exec, email);
export const accountWithId = (exec: Executor, id: string) => credentials.findUserById(exec, id);
export const accountWithGoogleSub = (exec: Executor, sub: string) =>
  credentials.findUserByGoogleSub(exec, sub);
export const accountCount = (exec: Executor) => credentials.countUsers(exec);

export const createAccount = (exec: Executor, values: NewAccount) => credentials.insertUser(exec, values);
export const setAccountPassword = (exec: Executor, userId: string, passwordHash: string) =>
  credentials.setPassword(exec, userId, passwordHash);
/** Links a verified Google identity; the account's unproven password is dropped. */
export const linkGoogleIdentity = (exec: Executor, userId: string, sub: string) =>
  credentials.linkGoogleSub(exec, userId, sub);
/** ADMIN_EMAIL promoted: active admin, the configured password (when given) replacing the old one. */
export const promoteToAdmin = (exec: Executor, userId: string, passwordHash: string | null) =>
  credentials.makeActiveAdmin(exec, userId, passwordHash);
