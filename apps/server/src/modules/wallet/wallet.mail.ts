import { action, mailTemplate, p } from '../../lib/mail-template.js';

/**
 * A paid question's reward was settled at its deadline without its author: refunded (nobody
 * answered) or distributed to the answers ranked first. To the author, with their notification.
 */
export const rewardSettledMail = mailTemplate<{
  outcome: 'refunded' | 'auto-distributed';
  questionTitle: string;
  amount: string;
  answers: number;
  url: string;
}>({
  kind: 'reward-settled',
  stream: 'notifications',
  render: (d) =>
    d.outcome === 'refunded'
      ? {
          subject: `Your reward of ${d.amount} was refunded`,
          blocks: [
            p(
              `Nobody answered "${d.questionTitle}" before its deadline, so the reward is back in your wallet.`,
            ),
            action('Your wallet', d.url),
          ],
          reason: 'You get this e-mail because you offered this reward on Agora.',
        }
      : {
          subject: `Your reward of ${d.amount} was distributed automatically`,
          blocks: [
            p(
              `The deadline of "${d.questionTitle}" passed, so its reward went to the answer${d.answers > 1 ? 's' : ''} ranked first.`,
            ),
            action('See the question', d.url),
          ],
          reason: 'You get this e-mail because you offered this reward on Agora.',
        },
});

/** "Distribute your reward within …", 72 h and 24 h before a paid question's deadline (a reminder). */
export const rewardDeadlineMail = mailTemplate<{
  questionTitle: string;
  amount: string;
  left: string;
  url: string;
}>({
  kind: 'reward-deadline',
  stream: 'reminders',
  render: (d) => ({
    subject: `Distribute your reward within ${d.left}`,
    blocks: [
      p(
        `Distribute the ${d.amount} reward for "${d.questionTitle}" within ${d.left}; after the deadline it goes automatically to the answer ranked first (or back to you if nobody answered).`,
      ),
      action('Distribute the reward', d.url),
    ],
    reason: 'You get this e-mail because you offered this reward on Agora.',
  }),
});
