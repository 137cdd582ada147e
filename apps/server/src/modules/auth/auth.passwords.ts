import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';

/** How passwords and reset tokens are hashed, shared by sign-up, sign-in and password reset. */

// argon2id (algorithm 2) with the library's OWASP-level defaults.
const ARGON = { algorithm: 2 } as const;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON);
}

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}
