// Schemas of the ideas area (request and response shapes shared by server and web).
import { z } from 'zod';
import { IDEA_CATEGORIES, IDEA_SORTS, IDEA_STATUSES, IDEAS_PAGE_SIZE, LIMITS } from '../constants.js';
import { hasVisibleText } from '../domain/visible-text.js';
import { MSG } from '../messages.js';
import { Author, optionalText, text } from './common.js';
import { IdeaBounty, IdeaHackathon, IdeaTeamMember } from './idea-collaboration.js';
import { IdeaOrganizationIds, IdeaResponse, OrganizationSummary } from './organizations.js';

/** Search words beyond this are ignored; a query longer than this many characters is refused. */
export const IDEA_SEARCH_MAX_CHARS = 200;
export const IDEA_SEARCH_MAX_RESULTS = 20;
/** A page number past this is answered like any page past the end (empty), never an error. */
export const IDEA_MAX_PAGE = 1_000_000;
/** The share form's raw tags input: far above 20 tags of 50 characters, far below a DoS. */
const RAW_TAGS_MAX_CHARS = 2_000;
const RAW_TAGS_MAX_ITEMS = 200;

/**
 * spec 02 §2: tags arrive as comma-separated text (share page) or an array (listing form); both
 * are split, trimmed, emptied items dropped, and de-duplicated case-insensitively (first spelling
 * kept). The result is bounded by LIMITS.tagsMax tags of LIMITS.tagMax characters.
 */
export function normalizeTags(input: string | readonly string[] | null | undefined): string[] {
  if (input == null) return [];
  const items = typeof input === 'string' ? input.split(',') : input.flatMap((t) => t.split(','));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (!tag) continue;
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

export const IdeaTagsInput = z
  .union([
    z.string().max(RAW_TAGS_MAX_CHARS, { error: `Tags must be at most ${RAW_TAGS_MAX_CHARS} characters` }),
    z
      .array(
        z.string().max(RAW_TAGS_MAX_CHARS, { error: `Each tag must be at most ${LIMITS.tagMax} characters` }),
      )
      .max(RAW_TAGS_MAX_ITEMS, { error: `At most ${LIMITS.tagsMax} tags are allowed` }),
  ])
  .nullish()
  .transform((v) => normalizeTags(v))
  .pipe(
    z
      .array(z.string().max(LIMITS.tagMax, { error: `Each tag must be at most ${LIMITS.tagMax} characters` }))
      .max(LIMITS.tagsMax, { error: `At most ${LIMITS.tagsMax} tags are allowed` }),
  );

export const CreateIdeaBody = z.object({
  title: text(LIMITS.titleMax, 'Title is required'),
  description: text(LIMITS.textMax, 'Description is required'),
  category: z.enum(IDEA_CATEGORIES, { error: 'Please choose a valid category' }),
  tags: IdeaTagsInput.optional().transform((v) => v ?? []),
  contactInfo: optionalText(LIMITS.shortTextMax).nullable(),
  /** Organisations to tag (≤ 3): their members are notified and see the idea in their inbox. */
  organizationIds: IdeaOrganizationIds.optional(),
});
export type CreateIdeaBody = z.input<typeof CreateIdeaBody>;

/**
 * The share forms' values, validated in the browser with the server's own rules (CreateIdeaBody),
 * except that an empty category reads 'Please choose a category' rather than 'valid category'.
 */
export const IdeaFormValues = CreateIdeaBody.extend({
  category: z.string().min(1, { error: 'Please choose a category' }).pipe(CreateIdeaBody.shape.category),
});

/** Page numbers: non-numbers are refused; below 1 reads as 1; beyond IDEA_MAX_PAGE is capped. */
const PageQuery = z.coerce
  .number({ error: 'page must be a number' })
  .optional()
  .transform((v) => Math.min(Math.max(Math.trunc(v ?? 1), 1), IDEA_MAX_PAGE));
/** limit=10 by default, at least 1, capped at LIMITS.pageSizeMax (limit=100000 → 100). */
const IdeaLimitQuery = z.coerce
  .number({ error: 'limit must be a number' })
  .optional()
  .transform((v) => Math.min(Math.max(Math.trunc(v ?? IDEAS_PAGE_SIZE), 1), LIMITS.pageSizeMax));

export const ListIdeasQuery = z.object({
  category: z.string().trim().max(100).optional(),
  sort: z.enum(IDEA_SORTS).optional().default('newest'),
  page: PageQuery,
  limit: IdeaLimitQuery,
  /** IdeaList.nextCursor of the previous page: keyset paging (no idea repeated or skipped). */
  cursor: z.string().max(300).optional(),
  /** Only this author's ideas: a user id, or 'me' for the signed-in caller (My Ideas). */
  author: z.string().trim().max(100).optional(),
  /** Only ideas at this point of their lifecycle ('merged' ones never list). */
  status: z.enum(IDEA_STATUSES, { error: 'Please choose a valid status' }).optional(),
  /** Full-text search over every visible idea, in the current sort and category. */
  q: z
    .string()
    .max(IDEA_SEARCH_MAX_CHARS, { error: `Search text must be at most ${IDEA_SEARCH_MAX_CHARS} characters` })
    .optional(),
});
export type ListIdeasQuery = z.input<typeof ListIdeasQuery>;

export const HiddenIdeasQuery = z.object({ page: PageQuery, limit: IdeaLimitQuery });

export const IdeaSearchQuery = z.object({
  q: z
    .string()
    .max(IDEA_SEARCH_MAX_CHARS, { error: `Search text must be at most ${IDEA_SEARCH_MAX_CHARS} characters` })
    .optional()
    .default(''),
  /** all (default): every word must match, as in the top bar; any: ranked by how many match (similar ideas). */
  match: z.enum(['all', 'any']).optional().default('all'),
});

/** A comment's length limit: over it the comment is refused with MSG.commentTooLong, never cut. */
export const IDEA_COMMENT_MAX_CHARS = 2_000;
export const CommentBody = z.object({
  content: z
    .string({ error: MSG.enterComment })
    .trim()
    .min(1, { error: MSG.enterComment })
    .max(IDEA_COMMENT_MAX_CHARS, { error: MSG.commentTooLong })
    .refine(hasVisibleText, { error: MSG.enterComment }),
});

/** Earlier comments are read this many at a time (GET /api/ideas/{id}/comments?before=…). */
export const IDEA_COMMENTS_PAGE = 50;
/** `before`: the opaque cursor from IdeaDetail.commentsCursor or the previous page's X-Next-Cursor. */
export const IdeaCommentsQuery = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .optional()
    .transform((v) => Math.min(Math.max(Math.trunc(v ?? IDEA_COMMENTS_PAGE), 1), LIMITS.pageSizeMax)),
});

export const IdeaComment = z.object({
  _id: z.string(),
  id: z.string(),
  ideaId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  author: Author,
});
export type IdeaComment = z.infer<typeof IdeaComment>;

export const Idea = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  contactInfo: z.string().nullable(),
  hidden: z.boolean(),
  /** Hidden by an admin: only an admin can show it again (its author may still delete it). */
  hiddenByAdmin: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  author: Author,
  likeCount: z.number().int(),
  /** Same as likeCount: the spec's search results read `likes`. */
  likes: z.number().int(),
  /** Whether the caller likes it (false for visitors). */
  liked: z.boolean(),
  /** Whether the caller follows the author (false for visitors and on one's own ideas). */
  authorFollowed: z.boolean(),
  commentCount: z.number().int(),
  views: z.number().int(),
  /** Where the idea stands (IDEA_STATUSES); 'merged' only with mergedInto. */
  status: z.enum(IDEA_STATUSES),
  /** The idea this one was merged into (status 'merged'), else null. */
  mergedInto: z.string().nullable(),
  followerCount: z.number().int(),
  /** Whether the caller follows this idea (false for visitors). */
  following: z.boolean(),
  /** The URL of its first image, or null: the card's picture. */
  cover: z.string().nullable(),
});
export type Idea = z.infer<typeof Idea>;

/** Images and documents on one idea, and their size limit. */
export const IDEA_ATTACHMENTS_MAX = 5;
export const IDEA_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const IDEA_ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;
export const IdeaAttachment = z.object({
  _id: z.string(),
  url: z.string(),
  originalName: z.string(),
  mimetype: z.string(),
  size: z.number().int(),
  kind: z.enum(['image', 'document']),
});
export type IdeaAttachment = z.infer<typeof IdeaAttachment>;
export const IdeaAttachmentResult = z.object({ attachment: IdeaAttachment });

/** One step of the idea's timeline. */
export const IdeaStatusEvent = z.object({
  _id: z.string(),
  status: z.enum(IDEA_STATUSES),
  note: z.string().nullable(),
  createdAt: z.string(),
  actor: Author.nullable(),
});
export type IdeaStatusEvent = z.infer<typeof IdeaStatusEvent>;

export const IDEA_STATUS_NOTE_MAX = 1_000;
/** Statuses an author or admin sets by hand: every one but 'merged' (a merge sets that). */
export const IDEA_SETTABLE_STATUSES = IDEA_STATUSES.filter(
  (s): s is Exclude<(typeof IDEA_STATUSES)[number], 'merged'> => s !== 'merged',
);
export const IdeaStatusBody = z.object({
  status: z.enum(IDEA_SETTABLE_STATUSES, { error: 'Please choose a valid status' }),
  note: optionalText(IDEA_STATUS_NOTE_MAX).nullable(),
});
export type IdeaStatusBody = z.input<typeof IdeaStatusBody>;

export const IdeaMergeBody = z.object({ intoId: z.string().trim().min(1).max(100) });
export type IdeaMergeBody = z.infer<typeof IdeaMergeBody>;

export const IdeaFollowResult = z.object({ followerCount: z.number().int(), following: z.boolean() });
export type IdeaFollowResult = z.infer<typeof IdeaFollowResult>;

/** How each status reads on a badge and in the timeline. */
export const IDEA_STATUS_LABELS: Record<(typeof IDEA_STATUSES)[number], string> = {
  new: 'New',
  'under-review': 'Under review',
  prototyping: 'Prototyping',
  launched: 'Launched',
  declined: 'Declined',
  merged: 'Merged',
};

export const IdeaDetail = Idea.extend({
  /** The most recent comments (at most IDEA_DETAIL_COMMENTS), oldest first. */
  comments: z.array(IdeaComment),
  /**
   * When older comments exist: the cursor for GET /api/ideas/{id}/comments?before=… (the page
   * before the oldest comment above); null when `comments` holds them all.
   */
  commentsCursor: z.string().nullable(),
  /** The organisations it tags (≤ 3). */
  organizations: z.array(OrganizationSummary),
  /** Official responses of tagged organisations, oldest first. */
  responses: z.array(IdeaResponse),
  /** People the author accepted as collaborators, mentors or experts. */
  team: z.array(IdeaTeamMember),
  /** Bounties offered from it (reward in paise). */
  bounties: z.array(IdeaBounty),
  /** Hackathon challenges proposed from it. */
  hackathons: z.array(IdeaHackathon),
  attachments: z.array(IdeaAttachment),
  /** Status changes, oldest first. */
  timeline: z.array(IdeaStatusEvent),
});
export type IdeaDetail = z.infer<typeof IdeaDetail>;
export const IDEA_DETAIL_COMMENTS = 100;

/**
 * spec 02 §3 Pagination: `total` is the number of PAGES (so the spec's limit=1 count calls read
 * the number of ideas from it), `totalItems` the number of ideas.
 */
export const IdeaPagination = z.object({
  current: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type IdeaPagination = z.infer<typeof IdeaPagination>;

export const IdeaList = z.object({
  ideas: z.array(Idea),
  pagination: IdeaPagination,
  totalItems: z.number().int(),
  /**
   * GET /api/ideas: pass as `cursor` (with the next page number) for the next page, which then
   * starts right after the last idea here even when ideas are shared or hidden meanwhile; null on
   * the last page. Absent on other lists.
   */
  nextCursor: z.string().nullable().optional(),
});
export type IdeaList = z.infer<typeof IdeaList>;

export const IdeaCategoryCounts = z.record(z.string(), z.number().int());
export type IdeaCategoryCounts = z.infer<typeof IdeaCategoryCounts>;

export const LikeResult = z.object({ likeCount: z.number().int(), liked: z.boolean() });
export type LikeResult = z.infer<typeof LikeResult>;

export const IdeaSearchHit = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  likes: z.number().int(),
  likeCount: z.number().int(),
  createdAt: z.string(),
  author: Author,
});
export type IdeaSearchHit = z.infer<typeof IdeaSearchHit>;

// Follows (spec 02 §7: mounted under /api/users)
export const FollowBody = z.object({ targetUserId: z.string().trim().min(1).max(100) });
export const FollowResult = z.object({
  followerCount: z.number().int(),
  following: z.boolean(),
  message: z.string(),
});
export type FollowResult = z.infer<typeof FollowResult>;

/**
 * A user as the followers page shows them (saves the page one info call per row); `followed`:
 * whether the caller follows them (always true in the following list).
 */
export const FollowUser = z.object({
  id: z.string(),
  displayName: z.string(),
  name: z.string(),
  followed: z.boolean(),
});
export type FollowUser = z.infer<typeof FollowUser>;
/** The lists hold the most recent FOLLOW_LIST_MAX people; `total` is the full count (users' counters). */
export const FOLLOW_LIST_MAX = 1_000;
export const FollowingList = z.object({
  following: z.array(z.string()),
  users: z.array(FollowUser),
  total: z.number().int(),
});
export type FollowingList = z.infer<typeof FollowingList>;
export const FollowersList = z.object({
  followers: z.array(z.string()),
  users: z.array(FollowUser),
  total: z.number().int(),
});
export type FollowersList = z.infer<typeof FollowersList>;
export const FollowerCount = z.object({ count: z.number().int() });
export const UserInfo = z.object({
  id: z.string(),
  displayName: z.string(),
  name: z.string(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
});
export type UserInfo = z.infer<typeof UserInfo>;
