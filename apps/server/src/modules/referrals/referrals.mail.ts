import { REFERRALS_PATH } from '@agora/shared';
import { action, mailTemplate, p, quote } from '../../lib/mail-template.js';
import { MY_APPLICATIONS_PATH } from '../applications/applications.mail.js';

/** The texts referral notifications and e-mails carry (services record them with notify). */

interface About {
  applicantName: string;
  jobTitle: string;
  company: string;
}

/** The e-mail to the person asked for a referral. */
export const referralAskedMail = mailTemplate<
  About & { referrerName: string; message: string | null; url: string }
>({
  kind: 'referral-request',
  stream: 'notifications',
  render: (a) => ({
    subject: `${a.applicantName} asked you for a referral at ${a.company}`,
    greeting: a.referrerName,
    blocks: [
      p(
        `${a.applicantName}, who is in your network on Agora, applied to "${a.jobTitle}" at ${a.company} and asks whether you would refer them.`,
      ),
      ...(a.message ? [quote(a.message, 'Their message:')] : []),
      action('Accept or decline', a.url),
    ],
    reason: `You get this e-mail because ${a.applicantName} follows you or you follow them on Agora.`,
  }),
});

/** The e-mail to the applicant: the person they asked answered. */
export const referralAnsweredMail = mailTemplate<
  About & { referrerName: string; accepted: boolean; url: string }
>({
  kind: 'referral-answer',
  stream: 'notifications',
  render: (a) => ({
    subject: a.accepted
      ? `${a.referrerName} will refer you for ${a.jobTitle}`
      : `Your referral request for ${a.jobTitle}`,
    greeting: a.applicantName,
    blocks: [p(answerSentence(a)), action('Your applications', a.url)],
    reason: `You get this e-mail because you asked ${a.referrerName} for a referral on Agora.`,
  }),
});

function answerSentence(a: About & { referrerName: string; accepted: boolean }): string {
  const where = `"${a.jobTitle}" at ${a.company}`;
  return a.accepted
    ? `${a.referrerName} agreed to refer you for ${where}. The hiring team sees it on your application.`
    : `${a.referrerName} is not able to refer you for ${where} this time. Your application stands as it was.`;
}

/** To the person asked: someone in their network wants a referral (in the app and by e-mail). */
export function referralAskedMessages(
  a: About & { referrerName: string; message: string | null },
  publicUrl: string,
) {
  return {
    type: 'referral_request' as const,
    title: `${a.applicantName} asked you for a referral`,
    body: `For "${a.jobTitle}" at ${a.company}.`,
    link: REFERRALS_PATH,
    mail: { ...a, url: `${publicUrl}${REFERRALS_PATH}` },
  };
}

/** To the applicant: the person they asked answered (in the app and by e-mail). */
export function referralAnsweredMessages(
  a: About & { referrerName: string; accepted: boolean },
  publicUrl: string,
) {
  return {
    type: 'referral_answer' as const,
    title: a.accepted
      ? `${a.referrerName} will refer you for ${a.jobTitle}`
      : `${a.referrerName} declined your referral request`,
    body: answerSentence(a),
    link: MY_APPLICATIONS_PATH,
    mail: { ...a, url: `${publicUrl}${MY_APPLICATIONS_PATH}` },
  };
}
