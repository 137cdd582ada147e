import { REFERRALS_PATH } from '@agora/shared';
import { MY_APPLICATIONS_PATH } from '../applications/applications.mail.js';

/** The texts referral notifications and e-mails carry (services record them with notify). */

interface About {
  applicantName: string;
  jobTitle: string;
  company: string;
}

/** To the person asked: someone in their network wants a referral (in the app and by e-mail). */
export function referralAskedMessages(
  a: About & { referrerName: string; message: string | null },
  publicUrl: string,
) {
  const quoted = a.message ? `\n\nTheir message:\n"${a.message}"` : '';
  return {
    type: 'referral_request' as const,
    title: `${a.applicantName} asked you for a referral`,
    body: `For "${a.jobTitle}" at ${a.company}.`,
    link: REFERRALS_PATH,
    subject: `${a.applicantName} asked you for a referral at ${a.company}`,
    text:
      `Hello ${a.referrerName},\n\n${a.applicantName}, who is in your network on Agora, applied to ` +
      `"${a.jobTitle}" at ${a.company} and asks whether you would refer them.${quoted}\n\n` +
      `Accept or decline: ${publicUrl}${REFERRALS_PATH}\n\nThe Agora team`,
  };
}

/** To the applicant: the person they asked answered (in the app and by e-mail). */
export function referralAnsweredMessages(
  a: About & { referrerName: string; accepted: boolean },
  publicUrl: string,
) {
  const where = `"${a.jobTitle}" at ${a.company}`;
  const sentence = a.accepted
    ? `${a.referrerName} agreed to refer you for ${where}. The hiring team sees it on your application.`
    : `${a.referrerName} is not able to refer you for ${where} this time. Your application stands as it was.`;
  return {
    type: 'referral_answer' as const,
    title: a.accepted
      ? `${a.referrerName} will refer you for ${a.jobTitle}`
      : `${a.referrerName} declined your referral request`,
    body: sentence,
    link: MY_APPLICATIONS_PATH,
    subject: a.accepted
      ? `${a.referrerName} will refer you for ${a.jobTitle}`
      : `Your referral request for ${a.jobTitle}`,
    text: `Hello ${a.applicantName},\n\n${sentence}\n\nYour applications: ${publicUrl}${MY_APPLICATIONS_PATH}\n\nThe Agora team`,
  };
}
