import { action, mailTemplate, p } from '../../lib/mail-template.js';
import { MAIL_LINK_SLOT } from '../../platform/mail.js';

/**
 * The password-reset e-mail. Its link lets the holder in, so it is never stored: the button and the
 * text carry MAIL_LINK_SLOT, and the outbox worker mints the link as it sends (mail-links.ts).
 * Essential: it must reach the user, whatever they chose to receive.
 */
export const passwordResetMail = mailTemplate<{ displayName: string }>({
  kind: 'password-reset',
  stream: 'essential',
  render: (d) => ({
    subject: 'Reset your Agora password',
    greeting: d.displayName,
    blocks: [
      p('Someone (hopefully you) asked to reset the password of your Agora account.'),
      p('Open this link within 1 hour to choose a new one (it works once):'),
      action('Choose a new password', MAIL_LINK_SLOT),
      p('If you did not ask for this, ignore this e-mail: your password stays as it is.'),
    ],
    reason: 'You get this e-mail because a password reset was asked for your Agora account.',
  }),
});
