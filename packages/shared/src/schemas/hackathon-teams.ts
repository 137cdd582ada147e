import { z } from 'zod';
import { Email } from './common.js';

/** Teams, judging and prizes of a hackathon: the limits the form, the server and the database share. */
export const HACKATHON_TEAMS = {
  teamSizeMin: 1,
  teamSizeMax: 10,
  teamSizeDefault: 4,
  teamNameMax: 60,
  skillsWantedMax: 10,
  skillMax: 40,
  joinMessageMax: 500,
  criteriaMin: 1,
  criteriaMax: 6,
  criterionNameMax: 40,
  criterionWeightMax: 100,
  scoreMin: 1,
  scoreMax: 5,
  judgeCommentMax: 2000,
  judgesMax: 30,
  /** A funded prize pool not published within this many days of the end goes back to the organiser. */
  prizeRefundDays: 30,
} as const;

const L = HACKATHON_TEAMS;

const trimmedText = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const MaxTeamSize = z.coerce
  .number({ error: `Team size must be a whole number from ${L.teamSizeMin} to ${L.teamSizeMax}` })
  .int({ error: `Team size must be a whole number from ${L.teamSizeMin} to ${L.teamSizeMax}` })
  .min(L.teamSizeMin, { error: `Team size must be a whole number from ${L.teamSizeMin} to ${L.teamSizeMax}` })
  .max(L.teamSizeMax, {
    error: `Team size must be a whole number from ${L.teamSizeMin} to ${L.teamSizeMax}`,
  });

export const HackathonCriterion = z.object({
  name: trimmedText(L.criterionNameMax, 'Criterion name'),
  weight: z
    .number({ error: 'Weight must be a positive number' })
    .positive({ error: 'Weight must be a positive number' })
    .max(L.criterionWeightMax, { error: `Weight must be at most ${L.criterionWeightMax}` }),
});
export type HackathonCriterion = z.infer<typeof HackathonCriterion>;

/** 1–6 criteria with distinct names (case-insensitive): the keys of every score sheet. */
export const HackathonCriteria = z
  .array(HackathonCriterion)
  .min(L.criteriaMin, { error: `Give between ${L.criteriaMin} and ${L.criteriaMax} criteria` })
  .max(L.criteriaMax, { error: `Give between ${L.criteriaMin} and ${L.criteriaMax} criteria` })
  .refine((cs) => new Set(cs.map((c) => c.name.toLowerCase())).size === cs.length, {
    error: 'Each criterion needs its own name',
  });

const Skills = z
  .array(z.string().trim().min(1).max(L.skillMax))
  .max(L.skillsWantedMax, { error: `At most ${L.skillsWantedMax} skills` })
  .transform((skills) => {
    const seen = new Set<string>();
    return skills.filter((s) => {
      const key = s.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

// ---------- teams ----------

export const TeamCreateBody = z.object({
  name: trimmedText(L.teamNameMax, 'Team name'),
  lookingForMembers: z.boolean().optional().default(true),
  skillsWanted: Skills.optional().default([]),
});
export type TeamCreateBody = z.infer<typeof TeamCreateBody>;

export const TeamJoinRequestBody = z.object({
  message: z.string().trim().max(L.joinMessageMax).optional(),
});

export const TeamInviteBody = z.object({ email: Email });

export const TeamMember = z.object({
  id: z.string(),
  displayName: z.string(),
  role: z.enum(['captain', 'member']),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const TEAM_REQUEST_KINDS = ['join', 'invite'] as const;
export const TEAM_REQUEST_STATES = ['pending', 'accepted', 'declined', 'cancelled'] as const;

/** A join request (a participant asks the captain) or an invitation (the captain asks an e-mail). */
export const TeamRequest = z.object({
  _id: z.string(),
  kind: z.enum(TEAM_REQUEST_KINDS),
  status: z.enum(TEAM_REQUEST_STATES),
  teamId: z.string(),
  teamName: z.string(),
  hackathonId: z.string(),
  /** Who would join: the requester, or the invited account once it exists. */
  user: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  /** Invitations only, and only to the captain and the invitee. */
  email: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamRequest = z.infer<typeof TeamRequest>;

export const Team = z.object({
  _id: z.string(),
  hackathonId: z.string(),
  name: z.string(),
  members: z.array(TeamMember),
  maxSize: z.number().int(),
  full: z.boolean(),
  lookingForMembers: z.boolean(),
  skillsWanted: z.array(z.string()),
  createdAt: z.string(),
  /** Members only: the team's pending requests and invitations. */
  requests: z.array(TeamRequest).optional(),
});
export type Team = z.infer<typeof Team>;

export const TeamListQuery = z.object({
  skill: z.string().trim().max(L.skillMax).optional(),
  lookingForMembers: z.enum(['true', 'false']).optional(),
});

export const TeamResult = z.object({ team: Team });
export const TeamRequestResult = z.object({ request: TeamRequest });
/**
 * GET /api/hackathons/{id}/teams: the board, and for a signed-in caller `myRequests`, their pending
 * join requests and the invitations waiting for them (by account or by e-mail: an invitation sent
 * before they signed up is found by their address), so the page can offer accept / decline.
 */
export const TeamList = z.object({ teams: z.array(Team), myRequests: z.array(TeamRequest) });
export type TeamList = z.infer<typeof TeamList>;

export const TeamParams = z.object({ id: z.string().max(100) });
export const TeamMemberParams = z.object({ id: z.string().max(100), userId: z.string().max(100) });
export const TeamRequestParams = z.object({ rid: z.string().max(100) });

// ---------- judges and scores ----------

export const JudgeInviteBody = z.object({ email: Email });

export const HackathonJudge = z.object({
  _id: z.string(),
  email: z.string(),
  user: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  /** Submissions scored / assigned (every submission but those of the judge's own team). */
  scored: z.number().int(),
  assigned: z.number().int(),
});
export type HackathonJudge = z.infer<typeof HackathonJudge>;

const Score = z
  .number({ error: `Each score is a whole number from ${L.scoreMin} to ${L.scoreMax}` })
  .int({ error: `Each score is a whole number from ${L.scoreMin} to ${L.scoreMax}` })
  .min(L.scoreMin, { error: `Each score is a whole number from ${L.scoreMin} to ${L.scoreMax}` })
  .max(L.scoreMax, { error: `Each score is a whole number from ${L.scoreMin} to ${L.scoreMax}` });

/** One sheet: a score for every criterion of the hackathon (the server checks the names). */
export const ScoreBody = z.object({
  scores: z.record(z.string().max(L.criterionNameMax), Score),
  comment: z.string().trim().max(L.judgeCommentMax).optional(),
});
export type ScoreBody = z.infer<typeof ScoreBody>;

export const ScoreSheetView = z.object({
  scores: z.record(z.string(), z.number()),
  comment: z.string().nullable(),
  updatedAt: z.string(),
});

export const JudgingItem = z.object({
  submissionId: z.string(),
  projectTitle: z.string(),
  projectDescription: z.string(),
  teamName: z.string(),
  githubLink: z.string().nullable(),
  demoLink: z.string().nullable(),
  myScore: ScoreSheetView.nullable(),
});

export const JudgingQueue = z.object({
  criteria: z.array(HackathonCriterion),
  items: z.array(JudgingItem),
  scored: z.number().int(),
  assigned: z.number().int(),
});
export type JudgingQueue = z.infer<typeof JudgingQueue>;

// ---------- results, people's choice, prizes ----------

export const ResultRow = z.object({
  submissionId: z.string(),
  projectTitle: z.string(),
  teamName: z.string(),
  /** 1 = winner; null when not placed (or not yet published). */
  place: z.number().int().nullable(),
  criteria: z.record(z.string(), z.number().nullable()),
  weighted: z.number().nullable(),
  normalized: z.number().nullable(),
  judges: z.number().int(),
  /** People's choice: after publication only. */
  votes: z.number().int().nullable(),
  /** After publication, to the team's members only: the judges' comments. */
  comments: z.array(z.string()).optional(),
});
export type ResultRow = z.infer<typeof ResultRow>;

export const HackathonResults = z.object({
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  criteria: z.array(HackathonCriterion),
  rows: z.array(ResultRow),
  judges: z.array(
    z.object({
      judgeId: z.string(),
      displayName: z.string(),
      scored: z.number().int(),
      assigned: z.number().int(),
    }),
  ),
});
export type HackathonResults = z.infer<typeof HackathonResults>;

export const PrizeSplitEntry = z.object({
  place: z.number().int().min(1),
  percent: z.number().int({ error: 'Percentages are whole numbers' }).min(1).max(100),
});

export const PublishResultsBody = z.object({
  /** Submission ids, first place first; defaults to the normalized ranking. */
  places: z.array(z.string().max(100)).max(20).optional(),
  prizeSplit: z
    .array(PrizeSplitEntry)
    .min(1)
    .max(20)
    .refine((s) => s.reduce((a, p) => a + p.percent, 0) === 100, {
      error: 'The prize split must add up to 100%',
    })
    .refine((s) => new Set(s.map((p) => p.place)).size === s.length, { error: 'Each place appears once' })
    .optional(),
});
export type PublishResultsBody = z.infer<typeof PublishResultsBody>;

export const PRIZE_ESCROW_STATES = ['held', 'paid', 'refunded'] as const;

export const PrizeEscrow = z.object({
  state: z.enum(PRIZE_ESCROW_STATES),
  /** Paise. */
  amount: z.number().int(),
  heldAt: z.string(),
  settledAt: z.string().nullable(),
});
export type PrizeEscrow = z.infer<typeof PrizeEscrow>;

/** Whole rupees, as the question checkout takes them. */
export const PrizeOrderBody = z.object({
  amount: z.number({ error: 'Enter the prize amount in rupees' }).int().min(1).max(10_000_000),
});

// ---------- endpoint bodies and replies of judging ----------

export const JudgeParams = z.object({ id: z.string().max(100), judgeId: z.string().max(100) });
export const JudgeResult = z.object({ judge: HackathonJudge });
export const JudgeList = z.object({ judges: z.array(HackathonJudge) });
export const ScoreResult = z.object({ score: ScoreSheetView.extend({ submissionId: z.string() }) });

/** People's choice: the caller's one vote in this hackathon (a second vote moves it). */
export const HackathonVote = z.object({ submissionId: z.string(), updatedAt: z.string() });
export const VoteResult = z.object({ vote: HackathonVote });

/** A submission as every signed-in person sees it after the end, to vote from. */
export const GalleryItem = z.object({
  submissionId: z.string(),
  projectTitle: z.string(),
  projectDescription: z.string(),
  teamName: z.string(),
  githubLink: z.string().nullable(),
  demoLink: z.string().nullable(),
  /** The caller is behind this submission: they cannot vote for it. */
  mine: z.boolean(),
  /** People's choice count: after publication only. */
  votes: z.number().int().nullable(),
});

/** GET /api/hackathons/{id}/gallery: the submissions after the end, with the caller's vote. */
export const HackathonGallery = z.object({
  /** Votes are taken: the hackathon has ended and its results are not published. */
  votingOpen: z.boolean(),
  myVote: z.string().nullable(),
  items: z.array(GalleryItem),
});
export type HackathonGallery = z.infer<typeof HackathonGallery>;

/** Messages of the judging endpoints. */
export const JUDGING_MESSAGES = {
  criteriaMissing: 'The organiser has not set the judging criteria yet.',
  notOpen: 'Judging opens when the hackathon ends.',
  published: 'The results of this hackathon have been published.',
  lateAccount: 'Accounts created after the hackathon ended cannot vote in the people’s choice.',
} as const;
