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
