import type { AppContext } from '../../context.js';
import { createGoogleSignIn } from './auth.google.service.js';
import { createLoginService } from './auth.login.service.js';
import { createPasswordReset } from './auth.password-reset.service.js';
import { createSessionsService } from './auth.sessions.service.js';
import { createSignupService } from './auth.signup.service.js';

export { hashPassword, type RequestMeta } from './auth.passwords.js';
export { PASSWORD_RESET_LINK, passwordResetLink } from './auth.password-reset.service.js';

/**
 * The auth area's service, one entry point for its routes, the auth plugin and the admin area; each
 * use case lives in its own file (sign-up, sign-in, Google sign-in, password reset, sessions).
 */
export function createAuthService(ctx: AppContext) {
  const { issue, ...sessions } = createSessionsService(ctx);
  return {
    ...createSignupService(ctx, issue),
    ...createLoginService(ctx, issue),
    ...createGoogleSignIn(ctx, issue),
    ...createPasswordReset(ctx),
    ...sessions,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
