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
