// Collaborators on an idea, and the bounties and hackathons that grew out of it.
import { z } from 'zod';
import { IDEA_COLLABORATOR_ROLES } from '../constants.js';
import { Author } from './common.js';

export const COLLABORATION_MESSAGE_MAX = 1_000;

export const IDEA_COLLABORATOR_ROLE_LABELS: Record<(typeof IDEA_COLLABORATOR_ROLES)[number], string> = {
  collaborator: 'Collaborator',
  mentor: 'Mentor',
  expert: 'Expert',
};

export const COLLABORATION_TEXT = {
  ownIdea: 'You cannot ask to join your own idea',
  alreadyPending: 'You already asked to join this idea; the author has not answered yet',
  alreadyMember: 'You are already on this idea’s team',
  alreadyDecided: 'This request has already been answered',
  authorOnly: 'Only the idea’s author can do this',
  requestNotFound: 'Request not found',
  notMember: 'You are not on this idea’s team',
} as const;

export const CollaborationRequestBody = z.object({
  role: z.enum(IDEA_COLLABORATOR_ROLES, { error: 'Choose collaborator, mentor or expert' }),
  message: z
    .string()
    .trim()
    .max(COLLABORATION_MESSAGE_MAX, { error: `Must be at most ${COLLABORATION_MESSAGE_MAX} characters` })
    .optional()
    .default(''),
});
export type CollaborationRequestBody = z.input<typeof CollaborationRequestBody>;

export const CollaborationRequest = z.object({
  _id: z.string(),
  ideaId: z.string(),
  user: Author,
  role: z.enum(IDEA_COLLABORATOR_ROLES),
  message: z.string(),
  status: z.enum(['pending', 'accepted', 'declined']),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CollaborationRequest = z.infer<typeof CollaborationRequest>;

export const IdeaTeamMember = z.object({
  id: z.string(),
  displayName: z.string(),
  role: z.enum(IDEA_COLLABORATOR_ROLES),
});
export type IdeaTeamMember = z.infer<typeof IdeaTeamMember>;

/** A bounty (a question with a reward) offered from the idea; reward in paise. */
export const IdeaBounty = z.object({
  _id: z.string(),
  title: z.string(),
  reward: z.number().int(),
  status: z.string(),
});
export type IdeaBounty = z.infer<typeof IdeaBounty>;

export const IdeaHackathon = z.object({ _id: z.string(), title: z.string(), status: z.string() });
export type IdeaHackathon = z.infer<typeof IdeaHackathon>;
