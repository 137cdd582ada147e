import { z } from 'zod';
import { LIMITS, ROLES, SIGNUP_ROLES } from '../constants.js';
import { MSG } from '../messages.js';
import { Email, text } from './common.js';

export const PublicUser = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(['active', 'suspended']),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof PublicUser>;

export const Password = z
  .string()
  .min(LIMITS.passwordMin, { error: `Password must be at least ${LIMITS.passwordMin} characters` })
  .max(LIMITS.passwordMax, { error: `Password must be at most ${LIMITS.passwordMax} characters` });

export const SignupBody = z.object({
  name: text(LIMITS.nameMax, 'Name is required'),
  email: Email,
  password: Password,
  role: z.enum(SIGNUP_ROLES).optional(),
});
export type SignupBody = z.infer<typeof SignupBody>;

const loginRequired = { error: MSG.emailPasswordRequired };
export const LoginBody = z.object({
  email: z.string(loginRequired).trim().toLowerCase().min(1, loginRequired).max(LIMITS.emailMax),
  password: z.string(loginRequired).min(1, loginRequired).max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const GoogleBody = z.object({ id_token: z.string().min(10).max(8192) });

export const AuthResult = z.object({ token: z.string(), user: PublicUser });
export type AuthResult = z.infer<typeof AuthResult>;

export const MeResult = z.object({ user: PublicUser });

export const UpdateMeBody = z.object({
  name: text(LIMITS.nameMax).optional(),
  displayName: text(LIMITS.nameMax).optional(),
});
export type UpdateMeBody = z.infer<typeof UpdateMeBody>;

export const AuthConfig = z.object({ googleClientId: z.string().nullable(), sessionIdleMinutes: z.number() });
export type AuthConfig = z.infer<typeof AuthConfig>;
