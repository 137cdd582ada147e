// Schemas of the jobs area (request and response shapes shared by server and web).
import { z } from 'zod';
import { hasVisibleText } from '../domain/visible-text.js';
import { JobMatch, NetworkPerson } from './careers.js';
import {
  canonicalJobCategory,
  JOB_CATEGORIES,
  JOB_EMPLOYMENT_TYPES,
  JOB_LEVELS,
  JOB_SORTS,
  JOB_STATES,
  JOB_STATUSES,
  LIMITS,
  SALARY_CURRENCIES,
} from '../constants.js';
import { splitSkills } from '../domain/skills.js';
import { MSG } from '../messages.js';
import { APPLICATION_STATUSES } from '../domain/applications.js';
import { FilePart, shownName } from './common.js';

/** Jobs per listing page (the web's default; `limit` may ask for up to JOBS_PAGE_SIZE_MAX). */
export const JOBS_PAGE_SIZE = 12;
export const JOBS_PAGE_SIZE_MAX = 50;
/** Bounds on a posting's free text, so one job cannot bloat every listing page. */
export const JOB_LIMITS = {
  title: LIMITS.titleMax,
  description: 10_000,
  longText: 5_000,
  shortText: LIMITS.shortTextMax,
  skills: 30,
  skill: 50,
  searchMax: 200,
  locationMax: 100,
  /** Annual salary figures, in the posting's currency (room for a crore of rupees and more). */
  salaryMax: 1_000_000_000,
  screeningQuestions: 3,
  screeningQuestion: 200,
} as const;

// ---------- listing ----------

/** A query parameter that may be repeated (?category=a&category=b) or given once. */
const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
    z.array(item).max(30).optional(),
  );

export const JobListQuery = z.object({
  // A bookmarked link with an earlier category name filters by the category it became.
  category: repeated(z.preprocess(canonicalJobCategory, z.enum(JOB_CATEGORIES as [string, ...string[]]))),
  level: repeated(z.enum(JOB_LEVELS as [string, ...string[]])),
  employmentType: repeated(z.enum(JOB_EMPLOYMENT_TYPES)),
  /** Absent with a search → best match first; otherwise newest first. */
  sort: z.enum(JOB_SORTS).optional(),
  search: z.string().trim().max(JOB_LIMITS.searchMax).optional(),
  location: z.string().trim().max(JOB_LIMITS.locationMax).optional(),
  // Out-of-range pages answer an empty page (never an error); the cap only bounds the arithmetic.
  page: z.coerce
    .number()
    .int()
    .catch(1)
    .transform((n) => Math.min(Math.max(n, 1), 1_000_000)),
  limit: z.coerce
    .number()
    .int()
    .catch(JOBS_PAGE_SIZE)
    .transform((n) => Math.min(Math.max(n, 1), JOBS_PAGE_SIZE_MAX)),
  // Unknown parameters (the client's cache-busting timestamp) are stripped.
});
export type JobListQuery = z.infer<typeof JobListQuery>;

/** A job's yes/no screening question; `requiredAnswer` null asks without screening anyone out. */
export const ScreeningQuestion = z.object({
  _id: z.string(),
  text: z.string(),
  requiredAnswer: z.enum(['yes', 'no']).nullable(),
});
export type ScreeningQuestion = z.infer<typeof ScreeningQuestion>;

export const Job = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  company: z.object({ name: z.string(), website: z.string().nullable(), logo: z.string().nullable() }),
  location: z.object({ city: z.string(), state: z.string().nullable(), country: z.string() }),
  isRemote: z.boolean(),
  category: z.string(),
  employmentType: z.string(),
  /** The posting form's name for employmentType (spec 03 §3). */
  type: z.string(),
  level: z.string(),
  /** Annual figures in `currency` as the poster entered them, plus the poster's own wording. */
  salary: z.object({
    min: z.number().nullable(),
    max: z.number().nullable(),
    currency: z.enum(SALARY_CURRENCIES),
    text: z.string().nullable(),
  }),
  requirements: z.object({ skills: z.array(z.string()), text: z.string().nullable() }),
  skills: z.array(z.string()),
  benefits: z.string().nullable(),
  experience: z.string().nullable(),
  education: z.string().nullable(),
  /** YYYY-MM-DD. */
  applicationDeadline: z.string().nullable(),
  /**
   * The deadline day has not ended everywhere on Earth yet (no deadline: always), by the server's
   * clock: the same rule that keeps a job in the listing. Clients show "closed" from this alone.
   */
  applicationsOpen: z.boolean(),
  contactEmail: z.string(),
  /** The review outcome: an expired or filled job was approved. Its life is in `state`. */
  status: z.enum(JOB_STATUSES),
  /**
   * open: listed and taking applications; expired: past `expiresAt` (its poster may renew);
   * filled: its poster marked it filled; closed: past its application deadline. Only `open` jobs
   * are listed, counted and searched; the others' pages still load.
   */
  state: z.enum(JOB_STATES),
  /** When the listing expires (approval + JOB_LISTING_DAYS, moved on by a renewal); null before approval. */
  expiresAt: z.string().nullable(),
  /** Yes/no questions every applicant answers (up to JOB_LIMITS.screeningQuestions). */
  screeningQuestions: z.array(ScreeningQuestion),
  /**
   * The signed-in viewer's own application to this job ({ _id, status, createdAt }), null when
   * they have none; absent for visitors.
   */
  myApplication: z
    .object({ _id: z.string(), status: z.enum(APPLICATION_STATUSES), createdAt: z.string() })
    .nullable()
    .optional(),
  /** Signed-in viewers only: how the job matches their profile (absent for visitors). */
  match: JobMatch.optional(),
  /**
   * GET /api/jobs/{id}, signed in: people the viewer follows or who follow them whose profile
   * company is the job's company, whom they may ask for a referral.
   */
  network: z.array(NetworkPerson).optional(),
  /** GET /api/jobs/mine only: the job's applications by status. */
  applicationCounts: z.record(z.string(), z.number().int()).optional(),
  /** Only for the poster and admins (null otherwise). */
  rejectionReason: z.string().nullable(),
  author: z.object({ id: z.string(), displayName: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof Job>;

export const JobPagination = z.object({
  totalJobs: z.number().int(),
  /** Present (true) when a filtered search has more than totalJobs matches: shown as "1,000+". */
  totalCapped: z.boolean().optional(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
  hasPrev: z.boolean(),
  hasNext: z.boolean(),
});
export type JobPagination = z.infer<typeof JobPagination>;

export const JobListResult = z.object({ jobs: z.array(Job), pagination: JobPagination });
export type JobListResult = z.infer<typeof JobListResult>;

/** { "<category>": count } over listed jobs; every category a form can submit is present. */
export const JobCategoryCounts = z.record(z.string(), z.number().int());
export type JobCategoryCounts = z.infer<typeof JobCategoryCounts>;

// ---------- posting ----------

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : undefined));

/**
 * A required field: absent, blank or invisible text is refused with the spec's one sentence
 * (spec 03 §5), each missing field named in the details.
 */
const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .nullish()
    // Zero-width or bidi-only text counts as empty, so "required" means something visible.
    .transform((v) => (v && hasVisibleText(v) ? v : ''))
    .pipe(z.string().min(1, { error: MSG.jobMissing }));

const HttpUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
      } catch {
        return false;
      }
    },
    { error: 'Please enter a valid URL (https://…)' },
  );

/** An absolute http(s) URL or a file uploaded to this server (/uploads/<key>). */
const LogoUrl = z.union(
  [
    z
      .string()
      .trim()
      .regex(/^\/uploads\/[A-Za-z0-9._-]{1,200}$/),
    HttpUrl,
  ],
  {
    error: 'Please enter a valid logo URL',
  },
);

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const JobCreateBody = z.object({
  title: requiredText(JOB_LIMITS.title),
  description: requiredText(JOB_LIMITS.description),
  company: z
    .object({
      // Shown on the listing as who is hiring: the name rule of display names applies.
      name: shownName(requiredText(JOB_LIMITS.shortText)),
      website: z.preprocess(emptyToUndefined, HttpUrl.nullish()),
      logo: z.preprocess(emptyToUndefined, LogoUrl.nullish()),
    })
    // Parsed when absent too, so a missing company names its missing name.
    .prefault({ name: '' }),
  location: z
    .object({
      city: requiredText(JOB_LIMITS.locationMax),
      state: optionalText(JOB_LIMITS.locationMax),
      country: optionalText(JOB_LIMITS.locationMax),
    })
    .prefault({ city: '' }),
  isRemote: z.boolean().optional().default(false),
  // An earlier form's name (e.g. 'Human Resources') is stored as the category it became ('HR').
  category: z.preprocess(
    (v) => canonicalJobCategory(emptyToUndefined(v)),
    z.enum(JOB_CATEGORIES as [string, ...string[]], {
      error: (iss) => (iss.input === undefined ? MSG.jobMissing : undefined),
    }),
  ),
  /** spec 03 §3 names it `type`; `employmentType` is accepted too. */
  type: z.enum(JOB_EMPLOYMENT_TYPES).optional(),
  employmentType: z.enum(JOB_EMPLOYMENT_TYPES).optional(),
  level: z.enum(JOB_LEVELS as [string, ...string[]]).optional(),
  /**
   * Explicit annual figures in a currency (absent: the one the country suggests), or free text
   * ("$80,000 - $120,000", "80k-120k", "Competitive") whose plain figures are read as USD.
   */
  salary: z
    .union([
      z.string().trim().max(100),
      z.object({
        min: z.number().int().min(0).max(JOB_LIMITS.salaryMax).nullish(),
        max: z.number().int().min(0).max(JOB_LIMITS.salaryMax).nullish(),
        currency: z.enum(SALARY_CURRENCIES).nullish(),
        text: z.string().trim().max(100).nullish(),
      }),
    ])
    .nullish(),
  requirements: optionalText(JOB_LIMITS.longText),
  benefits: optionalText(JOB_LIMITS.longText),
  skills: z
    .union([z.string().max(2000), z.array(z.string().max(JOB_LIMITS.skill)).max(JOB_LIMITS.skills * 2)])
    .nullish()
    .transform((v) => splitSkills(v))
    .pipe(
      z
        .array(
          z
            .string()
            .max(JOB_LIMITS.skill, { error: `A skill must be at most ${JOB_LIMITS.skill} characters` }),
        )
        .max(JOB_LIMITS.skills, { error: `At most ${JOB_LIMITS.skills} skills` }),
    ),
  experience: optionalText(JOB_LIMITS.shortText),
  education: optionalText(JOB_LIMITS.shortText),
  /** YYYY-MM-DD (a full ISO timestamp is cut to its date). */
  applicationDeadline: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().slice(0, 10) || undefined : v),
    z.iso
      .date({ error: 'Please enter a valid application deadline' })
      .nullish()
      .transform((v) => v ?? undefined),
  ),
  contactEmail: requiredText(LIMITS.emailMax),
  /**
   * Up to three yes/no questions. An `_id` keeps a question's identity across edits (answers
   * already given refer to it); a new question gets one from the server.
   */
  screeningQuestions: z
    .array(
      z.object({
        _id: z.string().max(40).optional(),
        text: requiredText(JOB_LIMITS.screeningQuestion),
        requiredAnswer: z
          .enum(['yes', 'no'])
          .nullish()
          .transform((v) => v ?? null),
      }),
    )
    .max(JOB_LIMITS.screeningQuestions, {
      error: `At most ${JOB_LIMITS.screeningQuestions} screening questions`,
    })
    .optional(),
  // `status` is deliberately absent: a posting is always pending (unknown keys are stripped).
});
export type JobCreateBody = z.input<typeof JobCreateBody>;
export type JobCreateInput = z.output<typeof JobCreateBody>;

export const JobCreateResult = z.object({ job: Job, message: z.string() });
export type JobCreateResult = z.infer<typeof JobCreateResult>;

/** POST /api/jobs/{id}/renew and /fill: the job as it is now. */
export const JobResult = z.object({ job: Job });
export type JobResult = z.infer<typeof JobResult>;

/** What the poster is told about renewing a listing or marking it filled (409s and toasts). */
export const JOB_LIFE_MESSAGES = {
  renewed: 'Your listing was renewed.',
  filled: 'The job is marked as filled and no longer takes applications.',
  notListedYet: 'This job is waiting for review: it can be renewed or marked as filled once it is approved.',
  notApproved: 'This job was not approved: edit it to submit it again.',
  alreadyFilled: 'This job is marked as filled: edit it to list it again.',
  deadlinePassed: 'Its application deadline has passed: edit the deadline to list it again.',
  expiringSoonTitle: 'Your job listing expires soon',
} as const;

/** GET /api/jobs/mine: the caller's postings in every state, newest first. */
export const MyJobsResult = z.object({ jobs: z.array(Job) });
export type MyJobsResult = z.infer<typeof MyJobsResult>;

// ---------- the posting form (web; the server re-checks every rule) ----------

/** Inline messages naming each missing field; the toast keeps spec 03 §8's one sentence. */
export const JOB_FORM_MESSAGES = {
  title: 'Please enter the job title',
  category: 'Please select a category',
  description: 'Please enter the job description',
  companyName: 'Please enter the company name',
  city: 'Please enter the city',
  contactEmail: 'Please enter a contact email',
  email: 'Please enter a valid email address',
  website: 'Please enter a valid URL (https://…)',
  deadlinePast: 'The application deadline cannot be in the past',
  salaryOrder: 'The minimum salary cannot be more than the maximum salary',
  salaryRange: 'Please enter a realistic salary range',
} as const;

/** The fields spec 03 §5 checks before anything is sent (the 'Missing Information' toast). */
export const JOB_SPEC_REQUIRED = ['title', 'description', 'companyName', 'city'] as const;

const required = (message: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });
const optionalAmount = z
  .union([z.number(), z.literal('')])
  .refine((v) => v === '' || (Number.isInteger(v) && v >= 0 && v <= JOB_LIMITS.salaryMax), {
    error: JOB_FORM_MESSAGES.salaryRange,
  });

/**
 * The create/edit job form's values and rules, for `@mantine/form` (web/src/lib/form.ts):
 * every problem at once, each named on its field. `today` is the poster's local date (YYYY-MM-DD).
 */
export function jobFormSchema(today: string) {
  return z
    .object({
      title: required(JOB_FORM_MESSAGES.title, JOB_LIMITS.title),
      category: z
        .string()
        .nullable()
        .refine((v) => !!v && (JOB_CATEGORIES as readonly string[]).includes(v), {
          error: JOB_FORM_MESSAGES.category,
        }),
      type: z.enum(JOB_EMPLOYMENT_TYPES),
      level: z.enum(JOB_LEVELS as [string, ...string[]]),
      description: required(JOB_FORM_MESSAGES.description, JOB_LIMITS.description),
      requirements: z.string().max(JOB_LIMITS.longText),
      skills: z.string().max(2000),
      companyName: shownName(required(JOB_FORM_MESSAGES.companyName, JOB_LIMITS.shortText)),
      companyWebsite: z
        .string()
        .trim()
        .refine((v) => v === '' || HttpUrl.safeParse(v).success, { error: JOB_FORM_MESSAGES.website }),
      companyLogo: z.string(),
      city: required(JOB_FORM_MESSAGES.city, JOB_LIMITS.locationMax),
      state: z.string().max(JOB_LIMITS.locationMax),
      country: z.string().max(JOB_LIMITS.locationMax),
      isRemote: z.boolean(),
      salaryCurrency: z.enum(SALARY_CURRENCIES),
      salaryMin: optionalAmount,
      salaryMax: optionalAmount,
      experience: z.string().max(JOB_LIMITS.shortText),
      education: z.string().max(JOB_LIMITS.shortText),
      benefits: z.string().max(JOB_LIMITS.longText),
      applicationDeadline: z
        .string()
        .refine((v) => !v || v >= today, { error: JOB_FORM_MESSAGES.deadlinePast }),
      contactEmail: z
        .string()
        .trim()
        .min(1, { error: JOB_FORM_MESSAGES.contactEmail })
        .pipe(z.email({ error: JOB_FORM_MESSAGES.email })),
    })
    .refine((v) => v.salaryMin === '' || v.salaryMax === '' || v.salaryMin <= v.salaryMax, {
      error: JOB_FORM_MESSAGES.salaryOrder,
      path: ['salaryMax'],
    });
}
export type JobFormValues = z.input<ReturnType<typeof jobFormSchema>>;

// ---------- review (admin) ----------

export const JobRejectBody = z.object({
  reason: z
    .string({ error: 'Please give a reason for the rejection' })
    .trim()
    .min(1, { error: 'Please give a reason for the rejection' })
    .max(1000),
});

// ---------- geo ----------

const coordinate = (name: string, bound: number) => {
  const message = `${name} must be a number between -${bound} and ${bound}`;
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: message }).min(-bound, { error: message }).max(bound, { error: message }),
  );
};

export const GeoReverseQuery = z.object({ lat: coordinate('lat', 90), lon: coordinate('lon', 180) });
export type GeoReverseQuery = z.infer<typeof GeoReverseQuery>;

export const GeoPlace = z.object({
  city: z.string(),
  state: z.string().optional(),
  country: z.string(),
  countryCode: z.string(),
  distanceKm: z.number(),
});
export type GeoPlace = z.infer<typeof GeoPlace>;

/** POST /api/jobs/logo: the stored image, whose `url` goes into `company.logo`. */
/** POST /api/jobs/logo (multipart): the image in `logo`. */
export const JobLogoParts = z.object({ logo: FilePart.optional() });

export const JobLogoResult = z.object({
  url: z.string().max(200),
  mimetype: z.string().max(100),
  size: z.number().int().nonnegative(),
});
export type JobLogoResult = z.infer<typeof JobLogoResult>;
