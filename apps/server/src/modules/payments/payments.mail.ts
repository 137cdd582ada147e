import { action, mailTemplate, p } from '../../lib/mail-template.js';

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
