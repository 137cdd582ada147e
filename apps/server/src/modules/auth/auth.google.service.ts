import { type AuthResult, LIMITS, MSG, usableName } from '@agora/shared';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { AppContext } from '../../context.js';
import { AppError, forbidden, unauthorized } from '../../lib/errors.js';
import * as accounts from '../users/users.credentials.service.js';
import * as repo from './auth.repo.js';
import type { IssueSession } from './auth.sessions.service.js';
import type { RequestMeta } from './auth.passwords.js';

/** Google sign-in: a verified Google ID token signs in, links or creates the account. */
export function createGoogleSignIn(ctx: AppContext, issue: IssueSession) {
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;

  async function google(idToken: string, meta: RequestMeta): Promise<AuthResult> {
    const clientId = ctx.config.google.clientId;
    if (!clientId) throw new AppError('GOOGLE_DISABLED', 404, 'Google sign-in is not enabled');
    jwks ??= createRemoteJWKSet(new URL(ctx.config.google.jwksUrl), { timeoutDuration: 5000 });
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        issuer: ['https://accounts.google.com', 'accounts.google.com'],
        audience: clientId,
        algorithms: ['RS256'],
        currentDate: ctx.clock.now(),
      }));
    } catch {
      return unauthorized('Google sign-in failed: invalid token');
    }
    const sub = String(payload.sub ?? '');
    const email = String(payload.email ?? '').toLowerCase();
    if (!sub || !email || payload.email_verified !== true)
      unauthorized('Google sign-in failed: e-mail not verified');
    let user = await accounts.accountWithGoogleSub(ctx.db, sub);
    if (!user) {
      const byEmail = await accounts.accountWithEmail(ctx.db, email);
      if (byEmail) {
        // Link the verified Google identity to the existing account with the same e-mail. Whoever
        // signed up with that e-mail never proved they own it: their password and sessions end, so
        // an account squatted before its owner arrived is the owner's alone from now on.
        user = await ctx.db.transaction(async (tx) => {
          const linked = await accounts.linkGoogleIdentity(tx, byEmail.id, sub);
          await repo.revokeUserSessions(tx, byEmail.id, ctx.clock.now());
          return linked;
        });
      } else {
        // Google's profile name is chosen outside Agora, so it meets the name rule of sign-up here
        // (domain/visible-text.ts): hidden and text-direction characters are removed; if what is
        // left is empty or reserved ("Administrator"), the e-mail's local part is tried the same
        // way (what a profile without a name always got), and failing that "Agora user". Never
        // refused: the person proved who they are, and can rename themselves on their profile.
        const name = usableName(
          [typeof payload.name === 'string' ? payload.name : null, email.split('@')[0]],
          LIMITS.nameMax,
        );
        user = await accounts.createAccount(ctx.db, {
          email,
          name,
          displayName: name,
          googleSub: sub,
          role: 'user',
        });
      }
    }
    if (user!.status !== 'active') forbidden(MSG.accountSuspended);
    return issue(user!, meta);
  }

  return { google };
}
