import { ORGANIZATION_TEXT, type Organization, type OrganizationDetail } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { decodeKeyset, page } from '../../lib/cursor.js';
import { conflict, forbidden } from '../../lib/errors.js';
import { toOrganization, toOrganizationDetail, toOrganizationIdea } from './organizations.presenter.js';
import * as repo from './organizations.repo.js';
import { organizationOr404, presentOrganization } from './organizations.shared.js';

/**
 * The organisation pages: adding one, finding them, the caller's own, a profile with the ideas
 * that tag it, and the members' inbox.
 */
export function createPagesService(ctx: AppContext) {
  const db = ctx.db;

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

    async search(viewer: SessionUser | null, q: string, limit: number): Promise<Organization[]> {
      const rows = await repo.searchOrganizations(db, q, limit);
      const [counts, mine] = await Promise.all([
        repo.memberCounts(
          db,
          rows.map((o) => o.id),
        ),
        viewer ? repo.organizationsOfMember(db, viewer.id) : [],
      ]);
      const memberOf = new Set(mine.map((o) => o.id));
      return rows.map((o) => toOrganization(o, counts.get(o.id) ?? 0, memberOf.has(o.id)));
    },

    /** The organisations the caller is a verified member of. */
    async mine(user: SessionUser): Promise<Organization[]> {
      const rows = await repo.organizationsOfMember(db, user.id);
      const counts = await repo.memberCounts(
        db,
        rows.map((o) => o.id),
      );
      return rows.map((o) => toOrganization(o, counts.get(o.id) ?? 0, true));
    },

    /** The profile with the first page of visible ideas that tag it. */
    async detail(viewer: SessionUser | null, id: string, limit: number): Promise<OrganizationDetail> {
      const org = await organizationOr404(db, id);
      const [profile, tagged] = await Promise.all([
        presentOrganization(db, org, viewer),
        taggedPage(org.id, undefined, limit),
      ]);
      return toOrganizationDetail(profile, tagged);
    },

    /** Further pages of the tagged ideas (public: the same ideas anyone can read). */
    async ideas(id: string, cursor: string | undefined, limit: number) {
      const org = await organizationOr404(db, id);
      return taggedPage(org.id, cursor, limit);
    },

    /** The members' inbox: tagged ideas with this organisation's response status; members only. */
    async inbox(user: SessionUser, id: string, cursor: string | undefined, limit: number) {
      const org = await organizationOr404(db, id);
      if (!(await repo.isMember(db, org.id, user.id))) forbidden(ORGANIZATION_TEXT.membersOnly);
      return taggedPage(org.id, cursor, limit);
    },
  };
}
