import { action, mailTemplate, p, quote } from '../../lib/mail-template.js';

/**
 * News of an idea the reader follows: its status changed, an organisation answered, it was merged,
 * or (for those who asked) a new comment. Goes with the in-app notification while the reader's
 * "E-mail me my notifications" is on.
 */
export const ideaUpdateMail = mailTemplate<{
  ideaTitle: string;
  headline: string;
  detail: string | null;
  url: string;
}>({
  kind: 'idea-update',
  stream: 'notifications',
  render: (d) => ({
    subject: `${d.headline}: "${d.ideaTitle}"`,
    blocks: [
      p(`${d.headline}: "${d.ideaTitle}".`),
      ...(d.detail ? [quote(d.detail)] : []),
      action('See the idea', d.url),
    ],
    reason:
      'You get this e-mail because you follow this idea on Agora. You can stop following it on its page.',
  }),
});
