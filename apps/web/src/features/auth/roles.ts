import { SIGNUP_ROLES } from '@agora/shared';

export type SignupRole = (typeof SIGNUP_ROLES)[number];

export const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  questioner: 'Questioner',
  answerer: 'Answerer',
  user: 'Member',
};

/** The role carried in the query string from /role-login (never admin for sign-up). */
export function signupRoleFrom(value: string | null): SignupRole | undefined {
  return (SIGNUP_ROLES as readonly string[]).includes(value ?? '') ? (value as SignupRole) : undefined;
}

/**
 * Where a new account lands when nothing else was asked for (no saved redirect): the portal its
 * role is for — a questioner's own questions, an answerer's open questions, an admin's portal.
 */
export function homeForRole(role: string | null | undefined): string {
  switch (role) {
    case 'admin':
      return '/admin-portal';
    case 'questioner':
      return '/questioner-portal';
    case 'answerer':
      return '/questions';
    default:
      return '/';
  }
}

/** After logging in with nothing saved: admins go to their portal, everyone else to the portals home. */
export function homeAfterLogin(role: string | null | undefined): string {
  return role === 'admin' ? homeForRole(role) : '/';
}
