// Fixed lists and limits from the specification (spec 01 §3, §9; spec 02 §2, §9; spec 03 §3, §9).

/** A day in milliseconds (a UTC day: the overview's days, a job's listing date, a hackathon's span). */
export const DAY_MS = 86_400_000;

export const ROLES = ['admin', 'questioner', 'answerer', 'user'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a visitor may choose at sign-up (never admin). */
export const SIGNUP_ROLES = ['user', 'questioner', 'answerer'] as const;
export const USER_STATUSES = ['active', 'suspended'] as const;

export const QUESTION_CATEGORIES = [
  'Technology',
  'Business',
  'Education',
  'Health & Wellness',
  'Creative Arts',
  'Science',
  'Lifestyle',
  'Other',
] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];
/** ending-soon: open questions whose reward is held in escrow, nearest deadline first; reward-high: largest reward first. */
export const QUESTION_SORTS = [
  'all',
  'solved',
  'date-unsolved',
  'date-old',
  'date-new',
  'random',
  'ending-soon',
  'reward-high',
] as const;
export const QUESTION_STATUSES = ['open', 'answered', 'closed'] as const;

/**
 * The one idea category list: both share forms offer it, the sidebar counts it, and the database
 * refuses any other value. It merges the spec's two lists ("Health" became "Healthcare"; any value
 * outside the list became "Other" when the list was introduced, so every stored idea stays findable).
 */
export const IDEA_CATEGORIES = [
  'Technology',
  'Business',
  'Education',
  'Healthcare',
  'Environment',
  'Social Impact',
  'Entertainment',
  'Sports',
  'Travel',
  'Food',
  'Fashion',
  'Art',
  'Science',
  'Other',
] as const;
export type IdeaCategory = (typeof IDEA_CATEGORIES)[number];
/** Where an idea stands; 'merged' is reached only by merging it into another idea. */
export const IDEA_STATUSES = [
  'new',
  'under-review',
  'prototyping',
  'launched',
  'declined',
  'merged',
] as const;
export type IdeaStatus = (typeof IDEA_STATUSES)[number];
export const ORGANIZATION_KINDS = ['company', 'government', 'ngo'] as const;
export const IDEA_RESPONSE_STATUSES = ['acknowledged', 'under-review', 'adopted', 'declined'] as const;
export const IDEA_COLLABORATOR_ROLES = ['collaborator', 'mentor', 'expert'] as const;
export const IDEA_SORTS = ['newest', 'oldest', 'popular'] as const;
export const IDEAS_PAGE_SIZE = 10;

/**
 * The one list of job categories (spec 03 §3, "the job categories … are"): the create form offers
 * it, the listing filters and counts it, and the database refuses any other value (migration 0029).
 */
export const JOB_LISTING_CATEGORIES = [
  'Engineering',
  'Product',
  'Design',
  'Marketing',
  'Sales',
  'Operations',
  'Data Science',
  'DevOps',
  'Security',
  'Business Development',
  'Customer Success',
  'Finance',
  'HR',
  'Legal',
  'Other',
] as const;
/** The create form offers the same list (a second list split the sidebar: "HR 6", "Human Resources 1"). */
export const JOB_FORM_CATEGORIES = JOB_LISTING_CATEGORIES;
export const JOB_CATEGORIES = JOB_LISTING_CATEGORIES as readonly string[];
/**
 * Names an earlier create form offered, and the category each became (migration 0029 maps stored
 * jobs the same way; anything else unknown became 'Other'). Old links and clients keep working.
 */
export const JOB_CATEGORY_RENAMES: Readonly<Record<string, (typeof JOB_LISTING_CATEGORIES)[number]>> = {
  'Human Resources': 'HR',
  Technology: 'Engineering',
  'Customer Service': 'Customer Success',
  Management: 'Operations',
  Consulting: 'Business Development',
  Media: 'Marketing',
  Healthcare: 'Other',
  Education: 'Other',
};
/** A submitted or linked category in the one list's spelling (unknown values are left as they are). */
export function canonicalJobCategory<T>(v: T): T | string {
  return typeof v === 'string' && Object.hasOwn(JOB_CATEGORY_RENAMES, v) ? JOB_CATEGORY_RENAMES[v]! : v;
}
export const JOB_LISTING_LEVELS = [
  'Intern',
  'Junior',
  'Mid-level',
  'Senior',
  'Lead',
  'Principal',
  'Executive',
] as const;
export const JOB_FORM_LEVELS = ['Entry-level', 'Mid-level', 'Senior-level', 'Executive', 'Intern'] as const;
export const JOB_LEVELS = Array.from(
  new Set<string>([...JOB_LISTING_LEVELS, ...JOB_FORM_LEVELS]),
) as readonly string[];
export const JOB_EMPLOYMENT_TYPES = [
  'Full-time',
  'Part-time',
  'Contract',
  'Freelance',
  'Internship',
] as const;
/** `match` (signed-in viewers only: 401 otherwise) orders by how well each job matches the viewer. */
export const JOB_SORTS = ['newest', 'oldest', 'title', 'company', 'match'] as const;
export const JOB_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** A reviewed job's life (Job.state). */
export const JOB_STATES = ['open', 'expired', 'filled', 'closed'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const INDIA_SALARY_MULTIPLIER = 83;
/** Currencies a salary may be posted in (ISO 4217); the country suggests one, the poster may change it. */
export const SALARY_CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'AED', 'SGD', 'CAD', 'AUD'] as const;
export type SalaryCurrency = (typeof SALARY_CURRENCIES)[number];
/**
 * The two level lists of spec 03 §3 name the same rungs differently: a listing filter value finds
 * the posting form's synonyms too (CONTRACT §5: every value a form can submit is findable).
 */
export const JOB_LEVEL_SYNONYMS: Record<string, readonly string[]> = {
  Junior: ['Junior', 'Entry-level'],
  'Entry-level': ['Junior', 'Entry-level'],
  Senior: ['Senior', 'Senior-level'],
  'Senior-level': ['Senior', 'Senior-level'],
};

export const HACKATHON_CATEGORIES = [
  'AI/ML',
  'Web Development',
  'Mobile Development',
  'Blockchain',
  'IoT',
  'Data Science',
  'Cybersecurity',
  'Fintech',
  'Healthtech',
  'Edtech',
  'Other',
] as const;
export const HACKATHON_DURATIONS = [
  '24 hours',
  '48 hours',
  '72 hours',
  '1 week',
  '2 weeks',
  '1 month',
] as const;
export const HACKATHON_LOCATION_TYPES = ['online', 'offline', 'hybrid'] as const;
export const HACKATHON_STATUSES = ['pending', 'published', 'rejected'] as const;
/** The listing's tabs (a hackathon's phase). Here, not with the schemas: the web's list page needs
 * the values without loading the schema library. */
export const HACKATHON_PHASES = ['open', 'upcoming', 'past'] as const;
export type HackathonTab = (typeof HACKATHON_PHASES)[number];
export const SUBMISSION_STATUSES = ['winner', 'runner_up', 'participant'] as const;
/** spec 03 §4: registration and unregistration close 1 hour before the start. */
export const REGISTRATION_CUTOFF_MS = 60 * 60 * 1000;

export const CONTACT_CATEGORIES = QUESTION_CATEGORIES;

export const LIMITS = {
  imageBytes: 5 * 1024 * 1024,
  attachmentBytes: 10 * 1024 * 1024,
  submissionFileBytes: 25 * 1024 * 1024,
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 100,
  emailMax: 254,
  titleMax: 200,
  textMax: 20_000,
  shortTextMax: 500,
  tagMax: 50,
  tagsMax: 20,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  defaultMinRewardRupees: 10,
} as const;

export const SESSION = {
  idleMinutesDefault: 20,
  warningBeforeMs: 2 * 60 * 1000,
} as const;
