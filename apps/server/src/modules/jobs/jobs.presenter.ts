import { DAY_MS, type Job, type JobMatch, type JobState } from '@agora/shared';
import type { SessionUser } from '../../context.js';
import { canSeeUnlisted } from './jobs.policy.js';
import type { JobRow, JobWithAuthor } from './jobs.repo.js';

export interface Viewer {
  id: string;
  role: SessionUser['role'];
}

/**
 * The calendar date that is "today" somewhere on Earth for the longest: the date at UTC−12.
 * A deadline on that date or later has not passed for anyone yet, so a job stays listed until its
 * deadline day has ended everywhere, and a poster anywhere can pick their own today.
 */
export function earliestToday(now: Date): string {
  return new Date(now.getTime() - DAY_MS / 2).toISOString().slice(0, 10);
}

/** The listing's rule (jobs.repo listedWhere) for one job: no deadline, or not yet over everywhere. */
export function applicationsOpen(deadline: string | null, now: Date): boolean {
  return deadline === null || deadline >= earliestToday(now);
}

/**
 * A job's life as the API shows it (Job.state). An approved job past `expiresAt` reads as expired
 * at once, before the expiry task moves its status; a job not approved (pending, rejected) takes no
 * applications and reads as closed, as does one past its application deadline.
 */
export function jobState(
  j: Pick<JobRow, 'status' | 'expiresAt' | 'applicationDeadline'>,
  now: Date,
): JobState {
  if (j.status === 'filled') return 'filled';
  if (j.status === 'expired') return 'expired';
  if (j.status !== 'approved') return 'closed';
  if (j.expiresAt && j.expiresAt.getTime() <= now.getTime()) return 'expired';
  return applicationsOpen(j.applicationDeadline, now) ? 'open' : 'closed';
}

/** The review outcome the API shows: an expired or filled job was approved. */
function reviewStatus(status: string): Job['status'] {
  return (status === 'expired' || status === 'filled' ? 'approved' : status) as Job['status'];
}

/**
 * A job as the API sends it (the Job shape), the same for everyone who may see it but for the
 * rejection reason. The list, the job page and My Jobs add what they show below.
 */
export function presentJob(row: JobWithAuthor, viewer: Viewer | null, now: Date): Job {
  const j = row.job;
  const skills = j.skills ?? [];
  return {
    _id: j.id,
    title: j.title,
    description: j.description,
    company: { name: j.companyName, website: j.companyWebsite, logo: j.companyLogo },
    location: { city: j.city, state: j.state, country: j.country },
    isRemote: j.isRemote,
    category: j.category,
    employmentType: j.employmentType,
    type: j.employmentType,
    level: j.level,
    salary: {
      min: j.salaryMin,
      max: j.salaryMax,
      currency: j.salaryCurrency as Job['salary']['currency'],
      text: j.salaryText,
    },
    requirements: { skills, text: j.requirements },
    skills,
    benefits: j.benefits,
    experience: j.experience,
    education: j.education,
    applicationDeadline: j.applicationDeadline,
    applicationsOpen: applicationsOpen(j.applicationDeadline, now),
    contactEmail: j.contactEmail,
    status: reviewStatus(j.status),
    state: jobState(j, now),
    expiresAt: j.expiresAt?.toISOString() ?? null,
    screeningQuestions: j.screeningQuestions ?? [],
    rejectionReason: canSeeUnlisted(viewer, j) ? j.rejectionReason : null,
    author: { id: j.posterId, displayName: row.authorName },
    createdAt: j.createdAt.toISOString(),
    updatedAt: j.updatedAt.toISOString(),
  };
}

/**
 * A job in the list (GET /api/jobs), as a visitor sees it; a signed-in viewer's also carries their
 * match, computed per request.
 */
export function presentJobListItem(row: JobWithAuthor, now: Date, match?: JobMatch): Job {
  const job = presentJob(row, null, now);
  return match ? { ...job, match } : job;
}

/**
 * The job page (GET /api/jobs/:id): a signed-in viewer also reads their match (while their account
 * is there) and their own application to it, if any.
 */
export function presentJobDetail(
  row: JobWithAuthor,
  viewer: Viewer | null,
  now: Date,
  mine?: { match?: JobMatch | undefined; myApplication: Job['myApplication'] },
): Job {
  const job = presentJob(row, viewer, now);
  if (!mine) return job;
  return { ...(mine.match ? { ...job, match: mine.match } : job), myApplication: mine.myApplication };
}

/** A poster's own posting in My Jobs, with its applications by status. */
export function presentMyJob(
  row: JobWithAuthor,
  poster: Viewer,
  now: Date,
  applicationCounts: NonNullable<Job['applicationCounts']>,
): Job {
  return { ...presentJob(row, poster, now), applicationCounts };
}
