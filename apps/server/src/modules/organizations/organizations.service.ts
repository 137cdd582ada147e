import { createHash, randomBytes } from 'node:crypto';
import {
  IDEA_RESPONSE_STATUS_LABELS,
  type IdeaResponse,
  MSG,
  ORGANIZATION_CLAIM_HOURS,
  ORGANIZATION_TEXT,
  type Organization,
  type OrganizationDetail,
  type OrganizationIdea,
  type OrganizationSummary,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { decodeKeyset, page } from '../../lib/cursor.js';
import { badRequest, conflict, forbidden, notFound, tooMany, AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { composeMail } from '../../lib/mail-template.js';
import { enqueueMail, type MailLinkMinter } from '../../platform/mail.js';
import { findIdeaToAct } from '../ideas/ideas.collaboration.service.js';
import { notifyIdeaFollowers } from '../ideas/ideas.followers.js';
import { notify, notifyMany } from '../notifications/notifications.service.js';
import { organizationVerifyMail } from './organizations.mail.js';
import { canRespondFor, emailAtDomain } from './organizations.policy.js';
import * as repo from './organizations.repo.js';

const CLAIM_TTL_MS = ORGANIZATION_CLAIM_HOURS * 60 * 60_000;
/** Verification e-mails one person may ask for per hour (each goes to an outside address). */
const CLAIMS_PER_HOUR = 5;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The kind of mail link a verification e-mail carries (src/mail-links.ts). */
export const ORGANIZATION_VERIFY_LINK = 'organization-verify';

/**
 * Mints a verification e-mail's link as it is sent: a fresh 256-bit token whose SHA-256 the claim
 * keeps. The token is never stored; null when the claim was used or has expired.
 */
export function organizationVerifyLink(publicUrl: string): MailLinkMinter {
  return async (db, id, now) => {
    const token = randomBytes(32).toString('base64url');
    const minted = await repo.mintClaim(db, id, hashToken(token), now);
    return minted ? `${publicUrl}/organizations/verify?token=${token}` : null;
  };
}

export function toSummary(o: repo.OrganizationRow): OrganizationSummary {
  return {
    _id: o.id,
    name: o.name,
    kind: o.kind as OrganizationSummary['kind'],
    verified: o.verifiedAt !== null,
  };
}

function toOrganization(o: repo.OrganizationRow, memberCount: number, isMember: boolean): Organization {
  return {
    ...toSummary(o),
    id: o.id,
    domain: o.domain,
    verifiedAt: o.verifiedAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    memberCount,
    isMember,
  };
}

type TaggedRow = Awaited<ReturnType<typeof repo.taggedIdeasPage>>[number];
function toOrganizationIdea(r: TaggedRow): OrganizationIdea {
  return {
    _id: r.id,
    title: r.title,
    description: r.description.slice(0, 300),
    category: r.category,
    createdAt: r.createdAt.toISOString(),
    taggedAt: r.taggedAt.toISOString(),
    author: { id: r.authorId, displayName: r.authorName },
    responseStatus: (r.responseStatus as OrganizationIdea['responseStatus']) ?? null,
  };
}

/** The organisations an idea tags, as ideas carry them. */
export async function organizationsOfIdea(exec: Executor, ideaId: string): Promise<OrganizationSummary[]> {
  return (await repo.organizationsOfIdea(exec, ideaId)).map(toSummary);
}

/** The idea's official responses, oldest first. */
export async function responsesOfIdea(exec: Executor, ideaId: string): Promise<IdeaResponse[]> {
  return (await repo.responsesOfIdea(exec, ideaId)).map((r) => ({
    _id: r.id,
    ideaId: r.ideaId,
    organization: toSummary(r.org),
    status: r.status as IdeaResponse['status'],
    message: r.message,
    responder: r.responderId && r.responderName ? { id: r.responderId, displayName: r.responderName } : null,
    verified: true,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Sets the organisations an idea tags (≤ 3, each existing) in the caller's transaction, and
 * notifies the members of the newly tagged ones (not the person tagging). Called by the ideas area
 * when an idea is shared or its tags change.
 */
export async function setIdeaOrganizations(
  exec: Executor,
  actor: SessionUser,
  idea: { id: string; title: string },
  organizationIds: string[],
  now: Date,
): Promise<void> {
  const wanted = [...new Set(organizationIds.map((id) => id.toLowerCase()))];
  if (wanted.length > 3)
    badRequest(ORGANIZATION_TEXT.tooManyTags, [
      { field: 'body.organizationIds', message: ORGANIZATION_TEXT.tooManyTags },
    ]);
  const found = await repo.organizationsByIds(exec, wanted);
  if (found.length !== wanted.length) {
    badRequest(ORGANIZATION_TEXT.unknownOrganization, [
      { field: 'body.organizationIds', message: ORGANIZATION_TEXT.unknownOrganization },
    ]);
  }
  const current = await repo.taggedOrganizationIds(exec, idea.id);
  const added = wanted.filter((id) => !current.includes(id));
  await repo.untagIdea(
    exec,
    idea.id,
    current.filter((id) => !wanted.includes(id)),
  );
  await repo.tagIdea(exec, idea.id, added, now);
  const names = new Map(found.map((o) => [o.id, o.name]));
  const members = (await repo.memberIds(exec, added)).filter((m) => m.userId !== actor.id);
  await notifyMany(
    exec,
    members.map((m) => ({
      userId: m.userId,
      type: 'idea_organization' as const,
      title: `An idea tags ${names.get(m.organizationId) ?? 'your organisation'}`,
      body: idea.title.slice(0, 200),
      link: `/idea/${idea.id}`,
    })),
  );
}

export function createOrganizationsService(ctx: AppContext) {
  const db = ctx.db;

  async function present(o: repo.OrganizationRow, viewer: SessionUser | null): Promise<Organization> {
    const [count, member] = await Promise.all([
      repo.memberCount(db, o.id),
      viewer ? repo.isMember(db, o.id, viewer.id) : Promise.resolve(false),
    ]);
    return toOrganization(o, count, member);
  }

  async function organization(id: string) {
    const o = isUuid(id) ? await repo.findOrganization(db, id) : null;
    return o ?? notFound(ORGANIZATION_TEXT.notFound);
  }

  async function taggedPage(organizationId: string, cursor: string | undefined, limit: number) {
    const after = decodeKeyset(cursor);
    const rows = await repo.taggedIdeasPage(db, organizationId, after, limit);
    const { items, nextCursor } = page(rows, limit);
    return { items: items.map(toOrganizationIdea), nextCursor };
  }

  return {
    /** Anyone signed in may add an organisation; it stays unverified until a member proves an address. */
    async create(
      user: SessionUser,
      body: { name: string; kind: Organization['kind']; domain: string },
    ): Promise<Organization> {
      const row = await repo.insertOrganization(db, {
        name: body.name,
        kind: body.kind,
        domain: body.domain,
        createdBy: user.id,
        createdAt: ctx.clock.now(),
      });
      if (!row) return conflict('ORGANIZATION_EXISTS', ORGANIZATION_TEXT.nameTaken);
      return toOrganization(row, 0, false);
    },

    /** E-mails a single-use, 24-hour verification link to an address at the organisation's domain. */
    async claim(user: SessionUser, id: string, email: string): Promise<{ message: string }> {
      const org = await organization(id);
      if (!emailAtDomain(email, org.domain)) {
        badRequest(ORGANIZATION_TEXT.emailOutsideDomain, [
          { field: 'body.email', message: ORGANIZATION_TEXT.emailOutsideDomain },
        ]);
      }
      if (await repo.isMember(db, org.id, user.id))
        conflict('ALREADY_MEMBER', ORGANIZATION_TEXT.alreadyMember);
      const sent = await ctx.counters.incr(`org-claim:${user.id}`, 60 * 60_000);
      if (sent.count > CLAIMS_PER_HOUR)
        tooMany(ORGANIZATION_TEXT.tooManyClaims, Math.ceil(sent.ttlMs / 1000));
      const now = ctx.clock.now();
      await db.transaction(async (tx) => {
        // The real token is minted as the e-mail goes out; until then the claim holds the hash
        // of a random value nobody knows.
        const claim = await repo.insertClaim(tx, {
          organizationId: org.id,
          userId: user.id,
          email,
          tokenHash: hashToken(randomBytes(32).toString('base64url')),
          createdAt: now,
          expiresAt: new Date(now.getTime() + CLAIM_TTL_MS),
        });
        await enqueueMail(tx, {
          ...composeMail(
            organizationVerifyMail,
            { displayName: user.displayName, organizationName: org.name },
            email,
          ),
          link: { kind: ORGANIZATION_VERIFY_LINK, id: claim.id },
        });
      });
      return { message: ORGANIZATION_TEXT.claimSent };
    },

    /** The link's token makes the person who asked for it a verified member (once, within 24 h). */
    async verify(user: SessionUser, token: string): Promise<{ organization: Organization }> {
      const now = ctx.clock.now();
      const orgId = await db.transaction(async (tx) => {
        // Only the account that asked: a forwarded link does not make someone else a member
        // (nor spend the link of the person who asked).
        const claim = await repo.consumeClaim(tx, hashToken(token), user.id, now);
        if (!claim) return null;
        await repo.insertMember(tx, {
          organizationId: claim.organizationId,
          userId: user.id,
          email: claim.email,
          createdAt: now,
        });
        await repo.markVerified(tx, claim.organizationId, now);
        return claim.organizationId;
      });
      if (!orgId) throw new AppError('VERIFY_INVALID', 400, ORGANIZATION_TEXT.verifyInvalid);
      return { organization: await present(await organization(orgId), user) };
    },

    async search(viewer: SessionUser | null, q: string, limit: number): Promise<Organization[]> {
      const rows = await repo.searchOrganizations(db, q, limit);
      const mine = viewer
        ? new Set((await repo.organizationsOfMember(db, viewer.id)).map((o) => o.id))
        : new Set();
      return Promise.all(
        rows.map(async (o) => toOrganization(o, await repo.memberCount(db, o.id), mine.has(o.id))),
      );
    },

    /** The organisations the caller is a verified member of. */
    async mine(user: SessionUser): Promise<Organization[]> {
      const rows = await repo.organizationsOfMember(db, user.id);
      return Promise.all(rows.map(async (o) => toOrganization(o, await repo.memberCount(db, o.id), true)));
    },

    /** The profile with the first page of visible ideas that tag it. */
    async detail(viewer: SessionUser | null, id: string, limit: number): Promise<OrganizationDetail> {
      const org = await organization(id);
      const [profile, tagged] = await Promise.all([
        present(org, viewer),
        taggedPage(org.id, undefined, limit),
      ]);
      return { ...profile, ideas: tagged.items, nextCursor: tagged.nextCursor };
    },

    /** Further pages of the tagged ideas (public: the same ideas anyone can read). */
    async ideas(id: string, cursor: string | undefined, limit: number) {
      const org = await organization(id);
      return taggedPage(org.id, cursor, limit);
    },

    /** The members' inbox: tagged ideas with this organisation's response status; members only. */
    async inbox(user: SessionUser, id: string, cursor: string | undefined, limit: number) {
      const org = await organization(id);
      if (!(await repo.isMember(db, org.id, user.id))) forbidden(ORGANIZATION_TEXT.membersOnly);
      return taggedPage(org.id, cursor, limit);
    },

    /** Changes the organisations an idea tags: its author only. */
    async setTags(
      user: SessionUser,
      ideaId: string,
      organizationIds: string[],
    ): Promise<OrganizationSummary[]> {
      return db.transaction(async (tx) => {
        const idea = (await findIdeaToAct(tx, user, ideaId)) ?? notFound(MSG.ideaNotFound);
        if (idea.authorId !== user.id) forbidden('Only the author can do this');
        await setIdeaOrganizations(tx, user, idea, organizationIds, ctx.clock.now());
        return organizationsOfIdea(tx, idea.id);
      });
    },

    /**
     * An official response: by a verified member (403 otherwise), for an organisation the idea tags
     * (409 otherwise). The idea's followers and its author are notified.
     */
    async respond(
      user: SessionUser,
      ideaId: string,
      body: { organizationId: string; status: IdeaResponse['status']; message: string },
    ): Promise<IdeaResponse> {
      return db.transaction(async (tx) => {
        const idea = (await findIdeaToAct(tx, user, ideaId)) ?? notFound(MSG.ideaNotFound);
        const org =
          (await repo.findOrganization(tx, body.organizationId)) ?? notFound(ORGANIZATION_TEXT.notFound);
        if (!canRespondFor(await repo.isMember(tx, org.id, user.id)))
          forbidden(ORGANIZATION_TEXT.membersOnly);
        if (!(await repo.isTagged(tx, idea.id, org.id))) conflict('NOT_TAGGED', ORGANIZATION_TEXT.notTagged);
        const row = await repo.insertResponse(tx, {
          ideaId: idea.id,
          organizationId: org.id,
          responderId: user.id,
          status: body.status,
          message: body.message,
          createdAt: ctx.clock.now(),
        });
        // Followers hear of it (the author follows their idea unless they stopped: then directly).
        const headline = `${org.name} responded: ${IDEA_RESPONSE_STATUS_LABELS[body.status]}`;
        const link = `/idea/${idea.id}#responses`;
        const notified = await notifyIdeaFollowers(
          tx,
          ctx.config,
          idea.id,
          { type: 'idea_response', ideaTitle: idea.title, headline, detail: body.message, link },
          { except: [user.id] },
        );
        if (idea.authorId !== user.id && !notified.includes(idea.authorId)) {
          await notify(tx, idea.authorId, {
            type: 'idea_response',
            title: `${headline}: ${idea.title}`.slice(0, 200),
            body: body.message.slice(0, 200),
            link,
          });
        }
        return {
          _id: row.id,
          ideaId: idea.id,
          organization: toSummary(org),
          status: body.status,
          message: row.message,
          responder: { id: user.id, displayName: user.displayName },
          verified: true as const,
          createdAt: row.createdAt.toISOString(),
        };
      });
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
