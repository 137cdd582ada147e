import type { Config } from '../../config.js';
import { type ComposedMail, composeMail, type MailTemplate } from '../../lib/mail-template.js';
import { type MailPreference, mailPreferenceUnsubscribeUrl } from '../users/users.mail-preferences.js';

const UNSUBSCRIBE_LABEL: Record<MailPreference, string> = {
  notifications: 'Stop e-mailing me notifications',
  reminders: 'Stop e-mailing me reminders',
};

/**
 * The e-mail that goes with a notification or a reminder, to `recipient`: the template's message
 * with the signed one-click link that turns the recipient's preference of that stream off, and the
 * way to their e-mail settings. notify() queues it only while that preference is on. Essential
 * mail (a review's outcome) goes without either.
 */
export function notificationMail<D>(
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
  recipient: { id: string; email: string },
  template: MailTemplate<D>,
  data: D,
): ComposedMail {
  const manage = { url: `${config.publicUrl}/profile`, label: 'Your e-mail settings' };
  const stream = template.stream;
  if (stream === 'essential') return composeMail(template, data, recipient.email, { manage }, recipient.id);
  if (stream !== 'notifications' && stream !== 'reminders') {
    throw new Error(`Mail of kind ${template.kind} is not a notification's`);
  }
  return composeMail(
    template,
    data,
    recipient.email,
    {
      unsubscribe: {
        url: mailPreferenceUnsubscribeUrl(config, recipient.id, stream),
        label: UNSUBSCRIBE_LABEL[stream],
      },
      manage,
    },
    recipient.id,
  );
}
