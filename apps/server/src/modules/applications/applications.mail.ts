import { APPLICATION_STATUS_LABELS, type ApplicationStatus, plural } from '@agora/shared';
import { action, mailTemplate, p } from '../../lib/mail-template.js';

/** The texts application notifications and e-mails carry (no sending here: services record them). */

/** Where the poster reviews a job's applicants, and where a seeker follows their applications. */
export const pipelinePath = (jobId: string) => `/my-jobs/${jobId}/applicants`;
export const MY_APPLICATIONS_PATH = '/my-applications';

/**
 * To the poster: someone applied to their job (in the app). Applicants to one job while the poster
 * has not looked make one notification that counts them, not one each.
 */
export function newApplicantNotice(job: { id: string; title: string }, applicantName: string) {
  return {
    type: 'job_application' as const,
    title: `New applicant for ${job.title}`,
    body: `${applicantName} applied to "${job.title}".`,
    link: pipelinePath(job.id),
    group: {
      key: `job-applicants:${job.id}`,
      text: (count: number) => ({
        title: `${plural(count, 'new applicant')} for ${job.title}`,
        body: `${applicantName} and ${plural(count - 1, 'other')} applied to "${job.title}".`,
      }),
    },
  };
}

/** What each status tells the applicant, in a sentence. */
const STATUS_SENTENCES: Record<Exclude<ApplicationStatus, 'submitted' | 'withdrawn' | 'rejected'>, string> = {
  reviewed: 'The hiring team has reviewed your application.',
  shortlisted: 'Good news: you have been shortlisted.',
  interview: 'The hiring team would like to interview you. Expect to hear from them about the next steps.',
  offer: 'Congratulations: the hiring team is making you an offer.',
  hired: 'Congratulations on your new role!',
};

type StatusMailData = {
  jobTitle: string;
  company: string;
  applicantName: string;
  status: Exclude<ApplicationStatus, 'submitted' | 'withdrawn'>;
  url: string;
};

/** The e-mail to an applicant whose application moved on (a rejection told kindly). */
export const applicationStatusMail = mailTemplate<StatusMailData>({
  kind: 'application-status',
  stream: 'notifications',
  render: (a) => {
    const where = `"${a.jobTitle}" at ${a.company}`;
    const reason = `You get this e-mail because you applied to ${where} on Agora.`;
    if (a.status === 'rejected') {
      return {
        subject: `Your application to ${a.jobTitle} at ${a.company}`,
        greeting: a.applicantName,
        blocks: [
          p(
            `Thank you for applying to ${where} and for the time you gave it. After careful consideration, the hiring team has decided not to move forward with your application this time.`,
          ),
          p(
            'This is not a judgement of your worth: roles often come down to small details. We hope you find the right one soon, and new jobs are posted on the Jobs Hub every day.',
          ),
          action('Your applications', a.url),
        ],
        reason,
      };
    }
    const label = APPLICATION_STATUS_LABELS[a.status];
    return {
      subject: `${label}: your application to ${a.jobTitle} at ${a.company}`,
      greeting: a.applicantName,
      blocks: [
        p(`Your application to ${where} is now "${label}". ${STATUS_SENTENCES[a.status]}`),
        action('Your applications', a.url),
      ],
      reason,
    };
  },
});

/**
 * To the applicant: their application moved on (in the app, and by e-mail with
 * applicationStatusMail). A rejection is told kindly, and never with the hiring team's notes.
 */
export function statusChangeMessages(
  a: { jobTitle: string; company: string; applicantName: string },
  status: Exclude<ApplicationStatus, 'submitted' | 'withdrawn'>,
  publicUrl: string,
) {
  const where = `"${a.jobTitle}" at ${a.company}`;
  const link = MY_APPLICATIONS_PATH;
  const mail: StatusMailData = { ...a, status, url: `${publicUrl}${link}` };
  if (status === 'rejected') {
    return {
      type: 'job_application_status' as const,
      title: `An update on your application to ${a.jobTitle}`,
      body: `${a.company} has decided not to move forward with your application for ${a.jobTitle}.`,
      link,
      mail,
    };
  }
  const label = APPLICATION_STATUS_LABELS[status];
  return {
    type: 'job_application_status' as const,
    title: `${label}: ${a.jobTitle}`,
    body: `${STATUS_SENTENCES[status]} (${where})`,
    link,
    mail,
  };
}
