import { DAY_MS } from '@agora/shared';

export type NotificationType =
  | 'answer'
  | 'answer_ranked'
  | 'reward'
  | 'withdrawal'
  | 'follower'
  | 'idea_comment'
  | 'idea_like'
  | 'idea_status'
  | 'idea_response'
  | 'idea_merged'
  | 'idea_followed_comment'
  | 'hackathon_review'
  | 'hackathon_starting'
  | 'hackathon_judging'
  | 'hackathon_results'
  | 'hackathon_team'
  | 'job_review'
  | 'job_application'
  | 'job_application_status'
  | 'category_question'
  | 'job_alert'
  | 'referral_request'
  | 'referral_answer'
  | 'idea_collaboration'
  | 'idea_organization';

/**
 * Many people doing the same thing to one recipient (following them, liking or commenting on one
 * idea, answering one question) make one notification that counts them, not one row each: while
 * the recipient has an unread notification with this key, touched within GROUP_OPEN_MS, the next
 * event updates it (count, title, body, time) instead of adding one.
 */
export interface NotificationGroup {
  /** One unread notification per recipient and key, e.g. `follow:<recipient>`, `idea-like:<idea>`. */
  key: string;
  /** What it says once it stands for `count` (≥ 2) events, in the words of the latest one. */
  text: (count: number) => { title: string; body?: string };
}

/**
 * What a notification says. A notification that also goes out by e-mail carries it as `mail` (to
 * notify, or notifyOnce where it is e-mailed when, and only when, it is new): the notification and
 * its e-mail are written by the same statements' transaction, so one never exists without the other.
 * The mail is made from a template (notificationMail, or the job alert's own); one of the
 * `notifications` or `reminders` stream is queued only while its recipient's preference of that
 * name is on, and the notification is recorded either way.
 */
export interface NotificationText {
  type: NotificationType;
  title: string;
  body?: string;
  link?: string | null;
  /** Set on kinds that many different people cause; money notifications stay one per event. */
  group?: NotificationGroup;
}

/** An unread group takes new events for a day after its latest: after that, a new one starts. */
export const GROUP_OPEN_MS = DAY_MS;
