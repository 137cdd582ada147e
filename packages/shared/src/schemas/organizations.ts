// Schemas of the organisations area: companies, governments and NGOs that ideas tag and that answer.
import { z } from 'zod';
import { IDEA_RESPONSE_STATUSES, LIMITS, ORGANIZATION_KINDS } from '../constants.js';
import { Author, Email, shownName, text } from './common.js';

/** An idea tags at most this many organisations. */
export const IDEA_ORGANIZATIONS_MAX = 3;
/** A verification link works for this long (and once). */
export const ORGANIZATION_CLAIM_HOURS = 24;
export const IDEA_RESPONSE_MESSAGE_MAX = 2_000;

export const ORGANIZATION_KIND_LABELS: Record<(typeof ORGANIZATION_KINDS)[number], string> = {
  company: 'Company',
  government: 'Government',
  ngo: 'NGO',
};
export const IDEA_RESPONSE_STATUS_LABELS: Record<(typeof IDEA_RESPONSE_STATUSES)[number], string> = {
  acknowledged: 'Acknowledged',
  'under-review': 'Under review',
  adopted: 'Adopted',
  declined: 'Declined',
};

export const ORGANIZATION_TEXT = {
  nameTaken: 'An organisation with this name already exists',
  notFound: 'Organisation not found',
  emailOutsideDomain: 'Use an e-mail address at the organisation’s domain',
  claimSent: 'We sent a verification link to that address. It works once, within 24 hours.',
  tooManyClaims: 'Too many verification e-mails: try again later',
  alreadyMember: 'You are already a verified member of this organisation',
  verifyInvalid: 'This verification link is invalid or has expired',
  membersOnly: 'Only verified members of this organisation can do this',
  notTagged: 'This idea does not tag that organisation',
  tooManyTags: `An idea can tag at most ${IDEA_ORGANIZATIONS_MAX} organisations`,
  unknownOrganization: 'One of the tagged organisations does not exist',
} as const;

/** A host name: labels of letters, digits and hyphens, at least one dot ("example.gov.in"). */
const DOMAIN_RE = /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const OrganizationDomain = z
  .string({ error: 'Domain is required' })
  .trim()
  .toLowerCase()
  .transform((v) =>
    v
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '')
      .replace(/\/.*$/, ''),
  )
  .pipe(z.string().regex(DOMAIN_RE, { error: 'Enter a domain such as example.org' }));

export const CreateOrganizationBody = z.object({
  name: shownName(text(120, 'Name is required').pipe(z.string().min(2, { error: 'Name is too short' }))),
  kind: z.enum(ORGANIZATION_KINDS, { error: 'Choose company, government or NGO' }),
  domain: OrganizationDomain,
});
export type CreateOrganizationBody = z.input<typeof CreateOrganizationBody>;

export const ClaimOrganizationBody = z.object({ email: Email });
export const VerifyOrganizationBody = z.object({
  token: z.string({ error: ORGANIZATION_TEXT.verifyInvalid }).trim().min(16).max(200),
});

export const OrganizationsQuery = z.object({
  q: z.string().trim().max(120).optional().default(''),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).optional().default(10),
});
export const OrganizationIdeasQuery = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).optional().default(20),
});

/** How an idea names an organisation it tags. */
export const OrganizationSummary = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(ORGANIZATION_KINDS),
  verified: z.boolean(),
});
export type OrganizationSummary = z.infer<typeof OrganizationSummary>;

export const Organization = OrganizationSummary.extend({
  id: z.string(),
  domain: z.string(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
  memberCount: z.number().int(),
  /** Whether the caller is a verified member (false for visitors). */
  isMember: z.boolean(),
});
export type Organization = z.infer<typeof Organization>;

/** A tagged idea as the organisation's page and inbox list it. */
export const OrganizationIdea = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  createdAt: z.string(),
  taggedAt: z.string(),
  author: Author,
  /** This organisation's latest official response on it, or null. */
  responseStatus: z.enum(IDEA_RESPONSE_STATUSES).nullable(),
});
export type OrganizationIdea = z.infer<typeof OrganizationIdea>;

export const OrganizationDetail = Organization.extend({
  ideas: z.array(OrganizationIdea),
  /** The next page of tagged ideas: GET /api/organizations/{id}/ideas?cursor=… (null on the last). */
  nextCursor: z.string().nullable(),
});
export type OrganizationDetail = z.infer<typeof OrganizationDetail>;

export const ClaimResult = z.object({ message: z.string() });
export const VerifyResult = z.object({ organization: Organization });

export const IdeaResponseBody = z.object({
  organizationId: z.string().uuid({ error: 'Choose an organisation' }).toLowerCase(),
  status: z.enum(IDEA_RESPONSE_STATUSES, { error: 'Choose a status' }),
  message: text(IDEA_RESPONSE_MESSAGE_MAX, 'Write a message'),
});
export type IdeaResponseBody = z.input<typeof IdeaResponseBody>;

/** An official response: always by a verified member, shown with the organisation's verified mark. */
export const IdeaResponse = z.object({
  _id: z.string(),
  ideaId: z.string(),
  organization: OrganizationSummary,
  status: z.enum(IDEA_RESPONSE_STATUSES),
  message: z.string(),
  responder: Author.nullable(),
  verified: z.literal(true),
  createdAt: z.string(),
});
export type IdeaResponse = z.infer<typeof IdeaResponse>;

/** `organizationIds` on an idea: ≤ 3 distinct organisation ids. */
export const IdeaOrganizationIds = z
  .array(z.string().uuid({ error: ORGANIZATION_TEXT.unknownOrganization }).toLowerCase())
  .max(IDEA_ORGANIZATIONS_MAX, { error: ORGANIZATION_TEXT.tooManyTags })
  .transform((ids) => [...new Set(ids)]);
export const IdeaOrganizationsBody = z.object({ organizationIds: IdeaOrganizationIds });
