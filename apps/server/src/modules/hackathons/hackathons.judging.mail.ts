import { action, mailTemplate, p } from '../../lib/mail-template.js';

/**
 * The invitation to judge, to an e-mail address that may not have an account yet. Essential: it
 * is the organiser's request to this address, sent once, and the only way someone without an
 * account learns of it (there is no preference of theirs to honour).
 */
export const hackathonJudgeInviteMail = mailTemplate<{ title: string; organiser: string; url: string }>({
  kind: 'hackathon-judge-invite',
  stream: 'essential',
  render: (d) => ({
    subject: `You are invited to judge ${d.title}`,
    blocks: [
      p(
        `${d.organiser} invited you to judge the hackathon "${d.title}" on Agora. Once it ends, you score each project against its criteria; sign in (or sign up) with this e-mail address to see them.`,
      ),
      action('Open the hackathon', d.url),
    ],
    reason: 'You get this e-mail because the organiser of this hackathon invited this address to judge it.',
  }),
});

/** The results are out: to every participant (a notification; the user can stop these e-mails). */
export const hackathonResultsMail = mailTemplate<{ title: string; url: string }>({
  kind: 'hackathon-results',
  stream: 'notifications',
  render: (d) => ({
    subject: `Results are out: ${d.title}`,
    blocks: [
      p(
        `The organiser of "${d.title}" has published the results: the winners, and the judges' comments for your team.`,
      ),
      action('See the results', d.url),
    ],
    reason: 'You get this e-mail because you took part in this hackathon on Agora.',
  }),
});

/** In-app texts and e-mail data of the two messages above. */
export const judgingMessages = {
  invite: (h: { id: string; title: string }, organiser: string, publicUrl: string) => ({
    title: `You are invited to judge ${h.title}`,
    body: `${organiser} invited you to judge this hackathon. Scoring opens when it ends.`,
    link: `/hackathon/${h.id}`,
    mail: { title: h.title, organiser, url: `${publicUrl}/hackathon/${h.id}` },
  }),
  results: (h: { id: string; title: string }, publicUrl: string) => ({
    title: `Results are out: ${h.title}`,
    body: 'The winners are public, and your team can read the judges’ comments.',
    link: `/hackathon/${h.id}`,
    mail: { title: h.title, url: `${publicUrl}/hackathon/${h.id}` },
  }),
};
