// The vocabulary of job applications (statuses, their labels, limits, messages). Kept apart from
// the schemas: a web page that only shows an application's status must not load the schema library.
/** The statuses a poster (or an admin) may set with PATCH /api/applications/{id}. */
export const POSTER_APPLICATION_STATUSES = [
  'reviewed',
  'shortlisted',
  'interview',
  'offer',
  'hired',
  'rejected',
] as const;

/** submitted on applying; the poster moves it through the rest; the applicant may withdraw. */
export const APPLICATION_STATUSES = ['submitted', ...POSTER_APPLICATION_STATUSES, 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** How each status reads on a screen. */
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: 'Submitted',
  reviewed: 'Reviewed',
  shortlisted: 'Shortlisted',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Not selected',
  withdrawn: 'Withdrawn',
};

export const APPLICATION_LIMITS = {
  coverNote: 2_000,
  note: 1_000,
  /** Résumé size in bytes. */
  resumeBytes: 5 * 1024 * 1024,
} as const;

/** PDF and DOCX, typed by their bytes (MIME → the extensions a name may have). */
export const RESUME_TYPES: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
};

export const APPLICATION_MESSAGES = {
  resumeRequired: 'Please attach your résumé (PDF or DOCX)',
  resumeType: 'Your résumé must be a PDF or DOCX file',
  resumeTooLarge: 'Your résumé must be at most 5 MB',
  coverNoteTooLong: `Your cover note must be at most ${APPLICATION_LIMITS.coverNote} characters`,
  answersRequired: 'Please answer every screening question',
  alreadyApplied: 'You have already applied to this job',
  jobClosed: 'This job is no longer accepting applications',
  ownJob: 'You cannot apply to your own job',
  withdrawn: 'Application withdrawn',
  cannotChangeWithdrawn: 'This application was withdrawn by the applicant',
  screenedOut: (question: string, required: 'yes' | 'no') =>
    `This job requires the answer "${required}" to: ${question}`,
} as const;
