import { EMAIL_PREFERENCE_TEXT } from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { registerUnsubscribeRoutes } from '../../lib/unsubscribe-routes.js';
import { createMailPreferencesService, type MailPreference } from './users.mail-preferences.js';

const DONE: Record<MailPreference, string> = {
  notifications: EMAIL_PREFERENCE_TEXT.notificationsOff,
  reminders: EMAIL_PREFERENCE_TEXT.remindersOff,
};
const CONFIRM: Record<MailPreference, string> = {
  notifications: EMAIL_PREFERENCE_TEXT.confirmNotifications,
  reminders: EMAIL_PREFERENCE_TEXT.confirmReminders,
};

/**
 * The unsubscribe link of notification and reminder e-mails (mounted at /api/users): the signed
 * token names the user and what to stop (lib/unsubscribe-routes.ts: GET asks, POST stops).
 */
export function mailPreferencesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const svc = createMailPreferencesService(ctx);
  return async (app) => {
    await registerUnsubscribeRoutes(app, {
      url: '/unsubscribe',
      tags: ['users'],
      what: 'notification or reminder e-mails',
      manage: { href: '/profile', label: EMAIL_PREFERENCE_TEXT.manage },
      action: (token) => `/api/users/unsubscribe?token=${encodeURIComponent(token)}`,
      ask: (token) => {
        const preference = svc.check(token);
        return preference
          ? { question: EMAIL_PREFERENCE_TEXT.confirmQuestion, button: CONFIRM[preference] }
          : null;
      },
      unsubscribe: async (token) => {
        const preference = await svc.unsubscribe(token);
        return preference ? DONE[preference] : null;
      },
      invalid: EMAIL_PREFERENCE_TEXT.linkInvalid,
    });
  };
}
