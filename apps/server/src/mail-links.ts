import type { Config } from './config.js';
import { PASSWORD_RESET_LINK, passwordResetLink } from './modules/auth/auth.service.js';
import {
  ORGANIZATION_VERIFY_LINK,
  organizationVerifyLink,
} from './modules/organizations/organizations.claims.service.js';
import type { MailLinks } from './platform/mail.js';

/**
 * Every kind of link that lets its holder in and so is never stored with its message: each is
 * minted by its area when the message is sent (platform/mail.ts MailWorker), and exists only in the
 * e-mail. A message names its kind and row (`MailMessage.link`).
 */
export function mailLinks(config: Pick<Config, 'publicUrl'>): MailLinks {
  return {
    [PASSWORD_RESET_LINK]: passwordResetLink(config.publicUrl),
    [ORGANIZATION_VERIFY_LINK]: organizationVerifyLink(config.publicUrl),
  };
}
