import { action, mailTemplate, p } from '../../lib/mail-template.js';
import { MAIL_LINK_SLOT } from '../../platform/mail.js';

/**
 * The organisation verification e-mail. Like the password-reset one, its link makes the holder a
 * verified member, so it is never stored: the outbox keeps MAIL_LINK_SLOT and the worker mints the
 * link as it sends (mail-links.ts). Essential: it answers the reader's own request.
 */
export const organizationVerifyMail = mailTemplate<{ displayName: string; organizationName: string }>({
  kind: 'organization-verify',
  stream: 'essential',
  render: (d) => ({
    subject: `Verify that you work at ${d.organizationName}`,
    greeting: d.displayName,
    blocks: [
      p(`You asked to answer ideas on Agora as a verified member of ${d.organizationName}.`),
      p('Open this link within 24 hours to confirm this address (it works once):'),
      action('Verify my membership', MAIL_LINK_SLOT),
      p('If you did not ask for this, ignore this e-mail: nothing changes.'),
    ],
    reason: 'You get this e-mail because someone asked to verify this address for an organisation on Agora.',
  }),
});
