// Schemas of the hackathons area (request and response shapes shared by server and web).
import { z } from 'zod';
import {
  HACKATHON_CATEGORIES,
  HACKATHON_LOCATION_TYPES,
  HACKATHON_PHASES,
  HACKATHON_STATUSES,
  LIMITS,
  SUBMISSION_STATUSES,
} from '../constants.js';
import { hasVisibleText } from '../domain/visible-text.js';
import { MSG } from '../messages.js';
import { FilePart, jsonPart, LimitQuery, shownName, TextPart } from './common.js';
import {
  HACKATHON_TEAMS,
  HackathonCriteria,
  HackathonCriterion,
  MaxTeamSize,
  PrizeEscrow,
} from './hackathon-teams.js';

/** spec 03 §9: submission files; the client's accept list and the server's extension check. */
export const HACKATHON_SUBMISSION_FILE_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'zip',
  'jpg',
  'jpeg',
  'png',
  'gif',
] as const;
export const HACKATHON_SUBMISSION_FILE_ACCEPT = HACKATHON_SUBMISSION_FILE_EXTENSIONS.map((e) => `.${e}`).join(
  ',',
);

// ---------- responses ----------

export const HackathonParticipant = z.object({
  userId: z.string(),
  userDisplayName: z.string(),
  userEmail: z.string(),
  registeredAt: z.string(),
});
export type HackathonParticipant = z.infer<typeof HackathonParticipant>;

export const HackathonTeamMember = z.object({
  userId: z.string(),
  userDisplayName: z.string(),
  userEmail: z.string(),
});
export type HackathonTeamMember = z.infer<typeof HackathonTeamMember>;

export const HackathonSubmission = z.object({
  _id: z.string(),
  userId: z.string(),
  teamName: z.string(),
  projectTitle: z.string(),
  projectDescription: z.string(),
  projectUrl: z.string().nullable(),
  githubUrl: z.string().nullable(),
  demoUrl: z.string().nullable(),
  /** An authenticated API path (organiser, admins and the submitter only); null without a file. */
  fileUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  teamMembers: z.array(HackathonTeamMember),
  status: z.enum(SUBMISSION_STATUSES),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type HackathonSubmission = z.infer<typeof HackathonSubmission>;

/** A past hackathon's placed projects (winner first), public: what the organiser marked. */
export const HackathonResult = z.object({
  _id: z.string(),
  status: z.enum(['winner', 'runner_up']),
  teamName: z.string(),
  projectTitle: z.string(),
  projectDescription: z.string(),
  projectUrl: z.string().nullable(),
  githubUrl: z.string().nullable(),
  demoUrl: z.string().nullable(),
});
export type HackathonResult = z.infer<typeof HackathonResult>;

export const Hackathon = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Path on the API host (`/uploads/<key>`), or null. */
  image: z.string().nullable(),
  category: z.string(),
  status: z.enum(HACKATHON_STATUSES),
  featured: z.boolean(),
  /** `email` is null for visitors (signed-in users only); `phone` for the organiser and admins only. */
  organizer: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  author: z.object({ id: z.string(), displayName: z.string() }),
  eventDetails: z.object({
    startDate: z.string(),
    endDate: z.string(),
    duration: z.string().nullable(),
    location: z.string().nullable(),
    locationType: z.enum(HACKATHON_LOCATION_TYPES),
  }),
  prizes: z.object({ prizePool: z.string(), judgingCriteria: z.string().nullable() }),
  requirements: z.string().nullable(),
  additionalInfo: z.string().nullable(),
  tags: z.array(z.string()),
  participantCount: z.number().int(),
  submissionCount: z.number().int(),
  /** From the server clock; null for a pending or rejected hackathon that has not ended. */
  phase: z.enum(HACKATHON_PHASES).nullable(),
  /** spec 03 §4: registration and unregistration close 1 hour before the start. */
  registrationDeadline: z.string(),
  registrationOpen: z.boolean(),
  /** Viewer-relative (false for visitors). */
  isRegistered: z.boolean(),
  isOrganizer: z.boolean(),
  /** Shown to the organiser and admins only (null otherwise). */
  rejectionReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Teams of up to this many people (1–10). */
  maxTeamSize: z.number().int(),
  /** What judges score, shown to participants; empty until the organiser sets them. */
  criteria: z.array(HackathonCriterion),
  /** When the organiser published the results (winners, places, comments to teams); null before. */
  resultsPublishedAt: z.string().nullable(),
  /** The prize pool paid in through the checkout (amount in paise); null while none was paid. */
  prizeEscrow: PrizeEscrow.nullable(),
  /**
   * Detail only. The organiser and admins get every participant and submission (bounded); any
   * other signed-in viewer gets only their own registration and submission.
   */
  participants: z.array(HackathonParticipant).optional(),
  submissions: z.array(HackathonSubmission).optional(),
  /** Detail only, past hackathons: the winner and runner-up projects, for everyone. */
  results: z.array(HackathonResult).optional(),
  /** Detail only: the server's clock, so a countdown does not depend on the viewer's clock. */
  serverTime: z.string().optional(),
  /**
   * Detail, create and edit only: the idea it was proposed from ("Propose as a hackathon challenge"),
   * while that idea is visible to everyone (not hidden, not merged into another); null otherwise.
   */
  idea: z.object({ _id: z.string(), title: z.string() }).nullable().optional(),
});
export type Hackathon = z.infer<typeof Hackathon>;

export const HackathonList = z.array(Hackathon);

export const HackathonListQuery = z.object({
  phase: z.enum(HACKATHON_PHASES).optional(),
  limit: LimitQuery,
  cursor: z.string().max(500).optional(),
});
export type HackathonListQuery = z.infer<typeof HackathonListQuery>;

export const HackathonPageQuery = z.object({ limit: LimitQuery, cursor: z.string().max(500).optional() });

export const HackathonIdParams = z.object({ id: z.string().max(100) });
export const HackathonSubmissionParams = z.object({ id: z.string().max(100), sid: z.string().max(100) });

export const HackathonRegistrationResult = z.object({
  message: z.string(),
  isRegistered: z.boolean(),
  participantCount: z.number().int(),
});
export type HackathonRegistrationResult = z.infer<typeof HackathonRegistrationResult>;

export const ProjectSubmissionResult = z.object({
  message: z.string(),
  submission: HackathonSubmission,
  updated: z.boolean(),
});
export type ProjectSubmissionResult = z.infer<typeof ProjectSubmissionResult>;

export const HackathonCreateResult = z.object({ message: z.string(), hackathon: Hackathon });

export type HackathonCreateResult = z.infer<typeof HackathonCreateResult>;

export const HackathonSubmissionStatusBody = z.object({
  status: z.enum(SUBMISSION_STATUSES, {
    error: `Status must be one of: ${SUBMISSION_STATUSES.join(', ')}`,
  }),
});
export type HackathonSubmissionStatusBody = z.infer<typeof HackathonSubmissionStatusBody>;

// ---------- organiser form (spec 03 §5) ----------

/** What the organiser form sends, after the multipart JSON fields are parsed. */
export interface HackathonFormInput {
  title?: unknown;
  description?: unknown;
  organizer?: { name?: unknown; email?: unknown; phone?: unknown } | null;
  eventDetails?: {
    startDate?: unknown;
    endDate?: unknown;
    duration?: unknown;
    location?: unknown;
    locationType?: unknown;
  } | null;
  prizes?: { prizePool?: unknown; judgingCriteria?: unknown } | null;
  category?: unknown;
  tags?: unknown;
  requirements?: unknown;
  additionalInfo?: unknown;
  maxTeamSize?: unknown;
  criteria?: unknown;
}

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
const dateOf = (v: unknown) => (typeof v === 'string' && v.trim() ? new Date(v) : null);
const validDate = (d: Date | null): d is Date => d !== null && !Number.isNaN(d.getTime());

/**
 * Checks 2–9 of spec 03 §5 in the spec's order (check 1, the token, belongs to the caller): the
 * first failing check's message, or null. The web form and the server run the same function.
 */
export function firstHackathonFormError(input: HackathonFormInput): string | null {
  if (blank(input.title)) return MSG.hackathonTitle;
  if (blank(input.description)) return MSG.hackathonDescription;
  if (blank(input.organizer?.name)) return MSG.hackathonOrganizer;
  if (blank(input.organizer?.email)) return MSG.hackathonOrganizerEmail;
  const start = dateOf(input.eventDetails?.startDate);
  const end = dateOf(input.eventDetails?.endDate);
  if (!validDate(start) || !validDate(end)) return MSG.hackathonDates;
  if (end.getTime() <= start.getTime()) return MSG.hackathonDateOrder;
  if (blank(input.prizes?.prizePool)) return MSG.hackathonPrize;
  if (blank(input.category) || !(HACKATHON_CATEGORIES as readonly string[]).includes(String(input.category)))
    return MSG.hackathonCategory;
  return null;
}

const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

const reqText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, {
      error: `Must be at most ${max} characters`,
    })
    .refine(hasVisibleText, { error: message });

const IsoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((s) => !Number.isNaN(new Date(s).getTime()), { error: message })
    .transform((s) => new Date(s));

/** The form's criteria: none yet, or 1–6 with distinct names. */
const FormCriteria = z
  .array(HackathonCriterion)
  .max(HACKATHON_TEAMS.criteriaMax, {
    error: `Give between ${HACKATHON_TEAMS.criteriaMin} and ${HACKATHON_TEAMS.criteriaMax} criteria`,
  })
  .refine((cs) => new Set(cs.map((c) => c.name.toLowerCase())).size === cs.length, {
    error: 'Each criterion needs its own name',
  });

/** PATCH /api/hackathons/:id/judging-settings: the organiser, until the end. */
export const JudgingSettingsBody = z
  .object({ criteria: HackathonCriteria.optional(), maxTeamSize: MaxTeamSize.optional() })
  .refine((b) => b.criteria !== undefined || b.maxTeamSize !== undefined, {
    error: 'Give criteria or maxTeamSize',
  });
export type JudgingSettingsBody = z.infer<typeof JudgingSettingsBody>;

/** The full organiser submission, after the spec's nine checks passed (limits and lists). */
export const HackathonCreateInput = z.object({
  title: reqText(LIMITS.titleMax, MSG.hackathonTitle),
  description: reqText(LIMITS.textMax, MSG.hackathonDescription),
  organizer: z.object({
    // Shown on the public page as who runs the event: the name rule of display names applies.
    name: shownName(reqText(LIMITS.nameMax, MSG.hackathonOrganizer)),
    email: z
      .string({ error: MSG.hackathonOrganizerEmail })
      .trim()
      .toLowerCase()
      .max(LIMITS.emailMax)
      .pipe(z.email({ error: 'Please provide a valid organizer email.' })),
    phone: optText(40),
  }),
  eventDetails: z.object({
    startDate: IsoDate(MSG.hackathonDates),
    endDate: IsoDate(MSG.hackathonDates),
    /** Ignored: the duration is derived from the dates (hackathonDuration), so it cannot contradict them. */
    duration: z
      .unknown()
      .optional()
      .transform(() => null),
    location: optText(LIMITS.shortTextMax),
    locationType: z
      .enum(HACKATHON_LOCATION_TYPES, {
        error: `Location type must be one of: ${HACKATHON_LOCATION_TYPES.join(', ')}`,
      })
      .nullish()
      .transform((v) => v ?? 'online'),
  }),
  prizes: z.object({
    prizePool: reqText(LIMITS.shortTextMax, MSG.hackathonPrize),
    judgingCriteria: optText(LIMITS.textMax),
  }),
  category: z.enum(HACKATHON_CATEGORIES, { error: MSG.hackathonCategory }),
  tags: z
    .array(z.string({ error: 'Each tag must be text' }).trim().max(LIMITS.tagMax))
    .max(LIMITS.tagsMax, { error: `At most ${LIMITS.tagsMax} tags` })
    .nullish()
    .transform((tags) => Array.from(new Set((tags ?? []).filter(Boolean)))),
  requirements: optText(LIMITS.textMax),
  additionalInfo: optText(LIMITS.textMax),
  /** Absent: 4 on a new hackathon, unchanged on an edit. */
  maxTeamSize: MaxTeamSize.optional(),
  /** Absent or []: none yet (judging waits until the organiser sets 1–6). */
  criteria: FormCriteria.optional(),
});
export type HackathonCreateInput = z.infer<typeof HackathonCreateInput>;

// ---------- the organiser form (web; the server runs firstHackathonFormError and the input schema) ----------

/** The form fields spec 03 §5 checks, in the spec's order: the first failing one gets the focus and the toast. */
export const HACKATHON_FORM_ORDER = [
  'title',
  'description',
  'organizer',
  'organizerEmail',
  'startDate',
  'endDate',
  'prizePool',
  'category',
] as const;

const formText = (message: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });
const localInstant = (v: string) => (v.trim() ? new Date(v) : null);

/**
 * The organiser form's values and spec 03 §5 checks 2–9 with the spec's sentences, every failing
 * check at once (the form shows each on its field). Dates are datetime-local strings.
 */
export const HackathonFormSchema = z
  .object({
    title: formText(MSG.hackathonTitle, LIMITS.titleMax),
    description: formText(MSG.hackathonDescription, LIMITS.textMax),
    category: z.string().refine((v) => (HACKATHON_CATEGORIES as readonly string[]).includes(v), {
      error: MSG.hackathonCategory,
    }),
    tags: z.string().max(2000),
    organizer: shownName(formText(MSG.hackathonOrganizer, LIMITS.nameMax)),
    organizerEmail: z
      .string()
      .trim()
      .min(1, { error: MSG.hackathonOrganizerEmail })
      .pipe(z.email({ error: 'Please provide a valid organizer email.' })),
    organizerPhone: z.string().max(40),
    startDate: z.string(),
    endDate: z.string(),
    location: z.string().max(LIMITS.shortTextMax),
    locationType: z.enum(HACKATHON_LOCATION_TYPES),
    prizePool: formText(MSG.hackathonPrize, LIMITS.shortTextMax),
    judgingCriteria: z.string().max(LIMITS.textMax),
    requirements: z.string().max(LIMITS.textMax),
    additionalInfo: z.string().max(LIMITS.textMax),
  })
  .superRefine((v, ctx) => {
    const start = localInstant(v.startDate);
    const end = localInstant(v.endDate);
    const valid = (d: Date | null) => d !== null && !Number.isNaN(d.getTime());
    if (!valid(start) || !valid(end)) {
      for (const [path, d] of [
        ['startDate', start],
        ['endDate', end],
      ] as const) {
        if (!valid(d)) ctx.addIssue({ code: 'custom', path: [path], message: MSG.hackathonDates });
      }
    } else if (end!.getTime() <= start!.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.hackathonDateOrder });
    }
  });
export type HackathonFormValues = z.input<typeof HackathonFormSchema>;

/** spec 03 §5: tags are a comma-separated string split into trimmed, non-empty items. */
export function splitHackathonTags(input: string): string[] {
  return input
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

// ---------- project submission (spec 03 §5) ----------

const url = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, { error: `${label} is too long` })
    .nullish()
    .transform((v) => (v ? v : null))
    .refine(
      (v) => {
        if (v === null) return true;
        try {
          const u = new URL(v);
          return u.protocol === 'http:' || u.protocol === 'https:';
        } catch {
          return false;
        }
      },
      { error: `Please enter a valid ${label} (starting with http:// or https://)` },
    );

export const ProjectSubmissionInput = z.object({
  teamName: shownName(reqText(LIMITS.titleMax, MSG.submissionRequired)),
  projectTitle: reqText(LIMITS.titleMax, MSG.submissionRequired),
  projectDescription: reqText(LIMITS.textMax, MSG.submissionRequired),
  projectUrl: url('project URL'),
  githubUrl: url('GitHub URL'),
  demoUrl: url('demo URL'),
  teamMembers: z
    .array(
      z.object({
        userId: z.string().max(100).optional(),
        userDisplayName: shownName(z.string().trim().max(LIMITS.nameMax)).optional(),
        userEmail: z.string().trim().max(LIMITS.emailMax).optional(),
      }),
    )
    .max(20, { error: 'At most 20 team members' })
    .optional(),
});
export type ProjectSubmissionInput = z.infer<typeof ProjectSubmissionInput>;

/**
 * POST /api/hackathons/submit and PUT /api/hackathons/:id (multipart): text parts, JSON parts
 * parsed (in the order spec 03 §5 checks them), an optional banner `image`. The form's own rules
 * (HackathonCreateInput, in the spec's order) are checked after.
 */
export const HackathonFormParts = z.object({
  title: TextPart,
  description: TextPart,
  organizer: jsonPart('organizer', 'object'),
  eventDetails: jsonPart('eventDetails', 'object'),
  prizes: jsonPart('prizes', 'object'),
  category: TextPart,
  tags: jsonPart('tags', 'array'),
  requirements: TextPart,
  additionalInfo: TextPart,
  maxTeamSize: TextPart,
  criteria: jsonPart('criteria', 'array'),
  /** The idea it is proposed from (an idea everyone can see); blank → none, absent on an edit → unchanged. */
  ideaId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().uuid({ error: 'Invalid idea' }).toLowerCase().optional(),
  ),
  image: FilePart.optional(),
});
export type HackathonFormParts = z.output<typeof HackathonFormParts>;

/** POST /api/hackathons/:id/submit (multipart): the project's parts and an optional `submissionFile`. */
export const ProjectSubmissionParts = z.object({
  teamName: TextPart,
  projectTitle: TextPart,
  projectDescription: TextPart,
  projectUrl: TextPart,
  githubUrl: TextPart,
  demoUrl: TextPart,
  teamMembers: jsonPart('teamMembers', 'array'),
  submissionFile: FilePart.optional(),
});
export type ProjectSubmissionParts = z.output<typeof ProjectSubmissionParts>;
