import {
  currencyForCountry,
  type Job,
  type JobCreateBody,
  type JobFormValues,
  JOB_LEVELS,
  JOB_LIMITS,
  splitSkills,
} from '@agora/shared';

/** A screening question as the form edits it; `key` only tells the rows apart while editing. */
export interface ScreeningQuestionValue {
  key: string;
  /** Kept across edits so that answers already given still refer to the question. */
  _id?: string;
  text: string;
  requiredAnswer: 'yes' | 'no' | 'any';
}

export type FormValues = JobFormValues & { screeningQuestions: ScreeningQuestionValue[] };

export const SCREENING_MESSAGES = {
  text: 'Please enter the question',
  tooLong: `A question must be at most ${JOB_LIMITS.screeningQuestion} characters`,
} as const;

export const EMPTY: FormValues = {
  title: '',
  category: null,
  type: 'Full-time',
  level: 'Mid-level',
  description: '',
  requirements: '',
  skills: '',
  companyName: '',
  companyWebsite: '',
  companyLogo: '',
  city: '',
  state: '',
  country: 'India',
  isRemote: false,
  salaryCurrency: 'INR',
  salaryMin: '',
  salaryMax: '',
  experience: '',
  education: '',
  benefits: '',
  applicationDeadline: '',
  contactEmail: '',
  screeningQuestions: [],
};

export const hasFigures = (job: Job) => job.salary.min != null || job.salary.max != null;

let seq = 0;
/** A new row's key (unique within the page's life). */
export const questionKey = () => `q${++seq}`;

/** A saved posting as the form's values (edit mode). */
export function valuesOf(job: Job): FormValues {
  return {
    title: job.title,
    category: job.category,
    type: (job.employmentType as FormValues['type']) ?? 'Full-time',
    level: (JOB_LEVELS as readonly string[]).includes(job.level) ? job.level : 'Mid-level',
    description: job.description,
    requirements: job.requirements.text ?? '',
    skills: job.skills.join(', '),
    companyName: job.company.name,
    companyWebsite: job.company.website ?? '',
    companyLogo: job.company.logo ?? '',
    city: job.location.city,
    state: job.location.state ?? '',
    country: job.location.country,
    isRemote: job.isRemote,
    // No figures yet: the currency the country suggests, as on a new posting.
    salaryCurrency: hasFigures(job) ? job.salary.currency : currencyForCountry(job.location.country),
    salaryMin: job.salary.min ?? '',
    salaryMax: job.salary.max ?? '',
    experience: job.experience ?? '',
    education: job.education ?? '',
    benefits: job.benefits ?? '',
    applicationDeadline: job.applicationDeadline ?? '',
    contactEmail: job.contactEmail,
    screeningQuestions: job.screeningQuestions.map((q) => ({
      key: questionKey(),
      _id: q._id,
      text: q.text,
      requiredAnswer: q.requiredAnswer ?? 'any',
    })),
  };
}

/** The screening questions' problems, by field path (the shared schema checks the rest). */
export function screeningErrors(questions: readonly ScreeningQuestionValue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  questions.forEach((q, i) => {
    const text = q.text.trim();
    if (!text) errors[`screeningQuestions.${i}.text`] = SCREENING_MESSAGES.text;
    else if (text.length > JOB_LIMITS.screeningQuestion)
      errors[`screeningQuestions.${i}.text`] = SCREENING_MESSAGES.tooLong;
  });
  return errors;
}

const amount = (x: number | string) => (typeof x === 'number' ? x : null);

/** The form's values as POST/PUT /api/jobs takes them. */
export function bodyOf(v: FormValues): JobCreateBody {
  const min = amount(v.salaryMin);
  const max = amount(v.salaryMax);
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    company: {
      name: v.companyName.trim(),
      website: v.companyWebsite.trim() || undefined,
      logo: v.companyLogo.trim() || undefined,
    },
    location: {
      city: v.city.trim(),
      state: v.state.trim() || undefined,
      country: v.country.trim() || 'India',
    },
    isRemote: v.isRemote,
    category: v.category ?? undefined,
    type: v.type as JobCreateBody['type'],
    level: v.level,
    salary: min === null && max === null ? undefined : { min, max, currency: v.salaryCurrency },
    requirements: v.requirements.trim() || undefined,
    benefits: v.benefits.trim() || undefined,
    skills: splitSkills(v.skills),
    experience: v.experience.trim() || undefined,
    education: v.education.trim() || undefined,
    applicationDeadline: v.applicationDeadline || undefined,
    contactEmail: v.contactEmail.trim(),
    // Always sent, so that removing the last question on an edit removes it on the server too.
    screeningQuestions: v.screeningQuestions.map((q) => ({
      ...(q._id ? { _id: q._id } : {}),
      text: q.text.trim(),
      requiredAnswer: q.requiredAnswer === 'any' ? null : q.requiredAnswer,
    })),
  };
}
