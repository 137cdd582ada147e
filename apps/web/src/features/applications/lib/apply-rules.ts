import {
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
  type ApplicationAnswer,
  type ApplicationStatus,
  RESUME_TYPES,
  type ScreeningQuestion,
} from '@agora/shared';

export interface ApplyFormValues {
  resume: File | null;
  coverNote: string;
  /** Question id → 'yes' | 'no' ('' until answered). */
  answers: Record<string, string>;
}

const RESUME_EXTENSIONS = new Set(Object.values(RESUME_TYPES).flat());

/** The file picker's filter: the extensions and types the server accepts. */
export const RESUME_ACCEPT = [
  ...Object.keys(RESUME_TYPES),
  ...[...RESUME_EXTENSIONS].map((e) => `.${e}`),
].join(',');

/**
 * The résumé checked before it is sent (the server types it again by its bytes): a PDF or DOCX by
 * its name or its reported type, at most 5 MB. Null when it passes.
 */
export function resumeProblem(file: File | null, stored = false): string | null {
  if (!file) return stored ? null : APPLICATION_MESSAGES.resumeRequired;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const known = RESUME_EXTENSIONS.has(ext) || (file.type !== '' && file.type in RESUME_TYPES);
  if (!known) return APPLICATION_MESSAGES.resumeType;
  if (file.size > APPLICATION_LIMITS.resumeBytes) return APPLICATION_MESSAGES.resumeTooLarge;
  return null;
}

/**
 * Every problem of the apply form, by field (`answers.<questionId>` for a question). With a résumé
 * kept on the profile (`storedResume`), attaching none sends that one.
 */
export function applyFormErrors(
  values: ApplyFormValues,
  questions: readonly ScreeningQuestion[],
  storedResume = false,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const resume = resumeProblem(values.resume, storedResume);
  if (resume) errors.resume = resume;
  if (values.coverNote.trim().length > APPLICATION_LIMITS.coverNote) {
    errors.coverNote = APPLICATION_MESSAGES.coverNoteTooLong;
  }
  for (const q of questions) {
    const a = values.answers[q._id];
    if (a !== 'yes' && a !== 'no') errors[`answers.${q._id}`] = APPLICATION_MESSAGES.answersRequired;
  }
  return errors;
}

/** The answers as the API takes them, in the job's question order. */
export function answersOf(
  values: ApplyFormValues,
  questions: readonly ScreeningQuestion[],
): ApplicationAnswer[] {
  return questions.flatMap((q) => {
    const a = values.answers[q._id];
    return a === 'yes' || a === 'no' ? [{ questionId: q._id, answer: a }] : [];
  });
}

/** The job's required answers an application did not give, each as a plain sentence. */
export function screeningMismatches(
  answers: readonly ApplicationAnswer[],
  questions: readonly ScreeningQuestion[],
): string[] {
  return questions.flatMap((q) => {
    if (!q.requiredAnswer) return [];
    const given = answers.find((a) => a.questionId === q._id)?.answer;
    return given !== q.requiredAnswer ? [APPLICATION_MESSAGES.screenedOut(q.text, q.requiredAnswer)] : [];
  });
}

/** Badge colours of the statuses (the labels are the shared APPLICATION_STATUS_LABELS). */
export const STATUS_COLORS: Record<ApplicationStatus, string> = {
  submitted: 'blue',
  reviewed: 'cyan',
  shortlisted: 'teal',
  interview: 'violet',
  offer: 'lime',
  hired: 'green',
  rejected: 'red',
  withdrawn: 'gray',
};
