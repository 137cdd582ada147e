import { randomUUID } from 'node:crypto';
import {
  currencyForCountry,
  JOB_LIMITS,
  type JobCreateInput,
  MSG,
  type ScreeningQuestion,
} from '@agora/shared';
import { z } from 'zod';
import type { AppContext, SessionUser } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { CLAIMED_LATER } from '../../lib/uploads.js';
import { earliestToday } from './jobs.presenter.js';
import * as repo from './jobs.repo.js';
import type { JobRow } from './jobs.repo.js';

/** `files.purpose` of a company logo uploaded for a job posting. */
export const JOB_LOGO_PURPOSE = CLAIMED_LATER.jobLogo;

const SALARY_NUMBER = /(\d[\d,]*(?:\.\d+)?)\s*([km])?(?![a-z])/gi;
const RUPEE_HINT = /₹|\binr\b|\brs\.?(?=\s|\d|$)|\blakhs?\b|\blpa\b|\bcrores?\b|\d\s*l\b/i;
/** Pay per hour, day, week or month: not an annual figure, so kept as the poster's text. */
const PERIOD_HINT = /\b(hours?|hourly|hr|days?|daily|weeks?|weekly|months?|monthly)\b|\/\s*(h|hr|d|wk|mo)\b/i;
/** Words a plain annual range may carry besides its figures. */
const SALARY_WORDS =
  /\b(usd|us|dollars?|per|year|annum|annually|annual|yearly|a|pa|yr|from|up|to|and|between|starting|at|approx|approximately|about|around)\b/gi;

/**
 * Free-text salary → annual USD figures, only when the text is plainly an annual amount or range
 * ("$80,000 - $120,000", "80-120k", "1.2M - 1.5M", "From 50000", "Up to $150k"). Anything else —
 * rupee wording (spec 03 §3 shows Indian salaries as USD × 83), hourly or monthly pay, "Competitive
 * + 401k match" — keeps the poster's text and no figures, rather than a wrong number.
 */
export function parseSalary(text: string): { min: number | null; max: number | null } {
  const none = { min: null, max: null };
  if (!text || RUPEE_HINT.test(text) || PERIOD_HINT.test(text)) return none;
  const found = [...text.matchAll(SALARY_NUMBER)].map((m) => ({
    raw: Number(m[1]!.replace(/,/g, '')),
    unit: (m[2] ?? '').toLowerCase(),
  }));
  // Nothing but figures, currency, separators and the words of a range may be left over.
  const rest = text
    .replace(SALARY_NUMBER, ' ')
    .replace(SALARY_WORDS, ' ')
    .replace(/[\s$\-–—~,.+/()]/g, '');
  if (found.length === 0 || found.length > 2 || rest !== '') return none;
  // "80-120k": the unit written once applies to both ends.
  if (found.length === 2 && !found[0]!.unit && found[1]!.unit && found[0]!.raw < 1000)
    found[0]!.unit = found[1]!.unit;
  const values = found.map((f) =>
    Math.round(f.raw * (f.unit === 'm' ? 1_000_000 : f.unit === 'k' ? 1_000 : 1)),
  );
  if (values.some((v) => !Number.isFinite(v) || v < 1000)) return none;
  // An inverted range is returned as written: validation refuses it with a clear message.
  if (values.length === 2) return { min: values[0]!, max: values[1]! };
  return /\bup\s+to\b/i.test(text) ? { min: null, max: values[0]! } : { min: values[0]!, max: null };
}

/**
 * The posting's screening questions as stored. A question keeps its `_id` across edits when the
 * job has it already (answers given before refer to it); any other question gets a new one from
 * the server, so a client can neither pick ids nor point two questions at one. An edit that does
 * not send the list keeps the job's questions; an empty list removes them.
 */
export function screeningQuestionsFor(
  given: JobCreateInput['screeningQuestions'],
  existing?: Pick<JobRow, 'screeningQuestions'>,
): ScreeningQuestion[] {
  const current = existing?.screeningQuestions ?? [];
  if (given === undefined) return current;
  const known = new Set(current.map((q) => q._id));
  const used = new Set<string>();
  return given.map((q) => {
    const keep = q._id !== undefined && known.has(q._id) && !used.has(q._id);
    const _id = keep ? q._id! : randomUUID();
    used.add(_id);
    return { _id, text: q.text, requiredAnswer: q.requiredAnswer ?? null };
  });
}

const EmailFormat = z.email();

/**
 * Every rule of a posting (create and edit alike) → the row's values; 400 on the first problem.
 * `existing` is the posting being edited.
 */
export async function postingValues(
  ctx: AppContext,
  user: SessionUser,
  input: JobCreateInput,
  existing?: Pick<JobRow, 'screeningQuestions'>,
) {
  // Required fields (spec 03 §5) were refused by JobCreateBody before the service.
  if (!EmailFormat.safeParse(input.contactEmail).success) {
    badRequest('Please enter a valid email address', [
      { field: 'body.contactEmail', message: 'Please enter a valid email address' },
    ]);
  }

  const now = ctx.clock.now();
  if (input.applicationDeadline && input.applicationDeadline < earliestToday(now)) {
    badRequest('The application deadline cannot be in the past', [
      { field: 'body.applicationDeadline', message: 'The application deadline cannot be in the past' },
    ]);
  }

  const country = input.location.country ?? 'India';
  let salaryText: string | null = null;
  let salaryMin: number | null = null;
  let salaryMax: number | null = null;
  // Free text keeps its old meaning (plain figures are USD); explicit figures name their currency,
  // or take the one the country suggests.
  let salaryCurrency: string = 'USD';
  if (typeof input.salary === 'string') {
    salaryText = input.salary || null;
    ({ min: salaryMin, max: salaryMax } = parseSalary(input.salary));
  } else if (input.salary) {
    salaryMin = input.salary.min ?? null;
    salaryMax = input.salary.max ?? null;
    salaryText = input.salary.text || null;
    salaryCurrency = input.salary.currency ?? currencyForCountry(country);
  }
  for (const v of [salaryMin, salaryMax]) {
    if (v !== null && (v < 0 || v > JOB_LIMITS.salaryMax)) {
      badRequest('Please enter a realistic salary range', [
        { field: 'body.salary', message: 'Please enter a realistic salary range' },
      ]);
    }
  }
  if (salaryMin !== null && salaryMax !== null && salaryMin > salaryMax) {
    badRequest('The minimum salary cannot be more than the maximum salary', [
      { field: 'body.salary', message: 'The minimum salary cannot be more than the maximum salary' },
    ]);
  }

  // An uploaded logo must be one this poster uploaded as a logo (not any file on the server).
  const logo = input.company.logo ?? null;
  if (logo?.startsWith('/uploads/')) {
    const key = logo.slice('/uploads/'.length);
    if (!(await repo.ownsUpload(ctx.db, user.id, key, JOB_LOGO_PURPOSE))) {
      badRequest(MSG.jobLogoUnknown, [{ field: 'body.company.logo', message: MSG.jobLogoUnknown }]);
    }
  }

  return {
    title: input.title,
    description: input.description,
    companyName: input.company.name,
    companyWebsite: input.company.website ?? null,
    companyLogo: logo,
    city: input.location.city,
    state: input.location.state ?? null,
    country,
    isRemote: input.isRemote,
    category: input.category!,
    employmentType: input.type ?? input.employmentType ?? 'Full-time',
    level: input.level ?? 'Mid-level',
    salaryText,
    salaryMin,
    salaryMax,
    salaryCurrency,
    requirements: input.requirements ?? null,
    benefits: input.benefits ?? null,
    skills: input.skills,
    experience: input.experience ?? null,
    education: input.education ?? null,
    applicationDeadline: input.applicationDeadline ?? null,
    contactEmail: input.contactEmail.toLowerCase(),
    screeningQuestions: screeningQuestionsFor(input.screeningQuestions, existing),
  };
}
