import type { Config } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { type NotificationType, notify } from '../notifications/notifications.service.js';
import { ideaUpdateMail } from './ideas.mail.js';
import { followersOf } from './ideas.repo.js';

/** What happened to a followed idea, in the words its followers read. */
export interface IdeaFollowerEvent {
  type: Extract<NotificationType, 'idea_status' | 'idea_response' | 'idea_merged' | 'idea_followed_comment'>;
  /** The idea's title (the notification's body and the e-mail's subject name it). */
  ideaTitle: string;
  /** E.g. "Status changed to Prototyping", "Acme answered: Adopted". */
  headline: string;
  /** A note, a response or a comment, quoted. */
  detail?: string | null;
  /** Where the notification leads; the idea's page by default. */
  link: string;
}

/**
 * Tells an idea's followers (but `except`, e.g. whoever caused it) of an event, in the event's
 * transaction: one notification each, and an e-mail per their e-mail setting. Comments reach only
 * followers who turned on "Comments on ideas I follow"; every other kind reaches all of them.
 * Returns who was notified.
 */
export async function notifyIdeaFollowers(
  exec: Executor,
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
  ideaId: string,
  event: IdeaFollowerEvent,
  opts: { except?: ReadonlyArray<string | null | undefined> } = {},
): Promise<string[]> {
  const recipients = await followersOf(exec, ideaId, {
    except: (opts.except ?? []).filter((id): id is string => Boolean(id)),
    commentsOnly: event.type === 'idea_followed_comment',
  });
  const detail = event.detail?.slice(0, 500) ?? null;
  for (const r of recipients) {
    await notify(exec, r.id, {
      type: event.type,
      title: `${event.headline}: ${event.ideaTitle}`.slice(0, 200),
      body: (detail ?? event.ideaTitle).slice(0, 200),
      link: event.link,
      // Many comments on one idea make one notification that counts them.
      ...(event.type === 'idea_followed_comment'
        ? {
            group: {
              key: `idea-followed-comment:${ideaId}`,
              text: (count: number) => ({
                title: `${count} new comments on ${event.ideaTitle}`.slice(0, 200),
              }),
            },
          }
        : {}),
      mail: notificationMail(config, r, ideaUpdateMail, {
        ideaTitle: event.ideaTitle,
        headline: event.headline,
        detail,
        url: `${config.publicUrl}${event.link}`,
      }),
    });
  }
  return recipients.map((r) => r.id);
}
