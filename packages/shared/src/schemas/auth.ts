import { z } from 'zod';
import { LIMITS, ROLES, SIGNUP_ROLES } from '../constants.js';
import { MSG } from '../messages.js';
import { NAME_TEXT } from '../domain/visible-text.js';
import { ProfileFieldsBody, ProfileLevel, StoredResumeInfo } from './careers.js';
import { Email, shownName, text } from './common.js';

/** Sentences of the account screens that the spec does not quote. */
export const AUTH_TEXT = {
  passwordBlank: 'Password cannot be only spaces',
  reservedName: NAME_TEXT.reserved,
  hiddenInName: NAME_TEXT.hidden,
  forgotSent:
    'If an account exists for this e-mail, we have sent a link to reset its password. The link works once, for 1 hour.',
  resetInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  resetDone: 'Your password has been changed. Please sign in with the new one.',
  passwordsDiffer: 'Passwords do not match',
} as const;

/**
 * The profile's e-mail settings and the pages of their one-click unsubscribe links. Notifications
 * and reminders stay in the app whatever is chosen here; essential mail always comes.
 */
export const EMAIL_PREFERENCE_TEXT = {
  heading: 'E-mail',
  notificationsLabel: 'E-mail me my notifications',
  notificationsHint:
    'Updates on your job applications, referral requests and rewards. You still see them in the app.',
  remindersLabel: 'E-mail me reminders',
  remindersHint: 'Hackathons you joined starting soon, reward deadlines near, job listings about to expire.',
  essential:
    'Password resets and the answer to what you submit for review (a job posting, a hackathon) always come by e-mail. The question digest and job alerts have their own settings below.',
  notificationsOn: 'Your notifications will also come by e-mail.',
  notificationsOff: 'You will no longer receive notifications by e-mail. You still see them in the app.',
  remindersOn: 'Reminders will come by e-mail.',
  remindersOff: 'You will no longer receive reminders by e-mail.',
  ideaCommentsLabel: 'Comments on ideas I follow',
  ideaCommentsHint:
    'A notification for each new comment on an idea you follow. Status changes, official responses and merges always reach you.',
  ideaCommentsOn: 'You will be notified of comments on ideas you follow.',
  ideaCommentsOff: 'You will no longer be notified of comments on ideas you follow.',
  confirmNotifications: 'Stop e-mailing me my notifications',
  confirmReminders: 'Stop e-mailing me reminders',
  confirmQuestion: 'Do you want to stop these e-mails? You can turn them on again from your profile.',
  linkInvalid: 'This unsubscribe link is not valid. You can change your e-mail settings from your profile.',
  manage: 'Your e-mail settings',
} as const;

export const PublicUser = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(['active', 'suspended']),
  createdAt: z.string(),
  /** The caller's own profile only (`/api/users/me`): the daily digest of followed categories. */
  categoryDigest: z.boolean().optional(),
  /** The caller's own profile only: notifications also come by e-mail (on by default). */
  emailNotifications: z.boolean().optional(),
  /** The caller's own profile only: reminders come by e-mail (on by default). */
  emailReminders: z.boolean().optional(),
  /** The caller's own profile only: notified of comments on ideas they follow (off by default). */
  ideaCommentNotifications: z.boolean().optional(),
  /** The caller's own profile only: what Smart Matching reads. */
  headline: z.string().nullable().optional(),
  company: z.string().nullable().optional(),
  location: z.string().nullable().optional(),
  level: ProfileLevel.optional(),
  skills: z.array(z.string()).optional(),
  /** Skills found in the stored résumé that the user has not removed. */
  inferredSkills: z.array(z.string()).optional(),
  resume: StoredResumeInfo.nullable().optional(),
});
export type PublicUser = z.infer<typeof PublicUser>;

export const Password = z
  .string()
  .min(LIMITS.passwordMin, { error: `Password must be at least ${LIMITS.passwordMin} characters` })
  .max(LIMITS.passwordMax, { error: `Password must be at most ${LIMITS.passwordMax} characters` })
  .refine((v) => v.trim().length > 0, { error: AUTH_TEXT.passwordBlank });

/**
 * A name shown to others: visible text, no hidden or text-direction characters, and not one that
 * passes for the site's staff (domain/visible-text.ts nameProblem).
 */
export const DisplayName = (required?: string) => shownName(text(LIMITS.nameMax, required));

export const SignupBody = z.object({
  name: DisplayName('Name is required'),
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

export const UpdateMeBody = ProfileFieldsBody.extend({
  name: DisplayName().optional(),
  displayName: DisplayName().optional(),
  /** "E-mail me a daily digest of new questions in categories I follow". */
  categoryDigest: z.boolean().optional(),
  /** EMAIL_PREFERENCE_TEXT.notificationsLabel */
  emailNotifications: z.boolean().optional(),
  /** EMAIL_PREFERENCE_TEXT.remindersLabel */
  emailReminders: z.boolean().optional(),
  /** EMAIL_PREFERENCE_TEXT.ideaCommentsLabel */
  ideaCommentNotifications: z.boolean().optional(),
});
export type UpdateMeBody = z.infer<typeof UpdateMeBody>;

export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** The reset form: the token from the link, the new password typed twice (the API takes one). */
export const ResetPasswordBody = z.object({
  token: z.string({ error: AUTH_TEXT.resetInvalid }).min(16, { error: AUTH_TEXT.resetInvalid }).max(200),
  password: Password,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const ResetPasswordForm = ResetPasswordBody.extend({ confirm: z.string() }).refine(
  (v) => v.password === v.confirm,
  { error: AUTH_TEXT.passwordsDiffer, path: ['confirm'] },
);
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;

export const MessageResult = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof MessageResult>;

export const AuthConfig = z.object({ googleClientId: z.string().nullable(), sessionIdleMinutes: z.number() });
export type AuthConfig = z.infer<typeof AuthConfig>;
