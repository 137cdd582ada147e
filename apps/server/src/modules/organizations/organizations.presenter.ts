import type {
  IdeaResponse,
  Organization,
  OrganizationDetail,
  OrganizationIdea,
  OrganizationSummary,
} from '@agora/shared';
import type * as repo from './organizations.repo.js';

/** An organisation as an idea carries it (its tags, its responses' authors). */
export function toSummary(o: repo.OrganizationRow): OrganizationSummary {
  return {
    _id: o.id,
    name: o.name,
    kind: o.kind as OrganizationSummary['kind'],
    verified: o.verifiedAt !== null,
  };
}

/** An organisation as its page and the lists show it, with its member count and the viewer's membership. */
export function toOrganization(
  o: repo.OrganizationRow,
  memberCount: number,
  isMember: boolean,
): Organization {
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

/** An idea that tags the organisation, as its page and its members' inbox list it. */
export function toOrganizationIdea(r: repo.TaggedIdeaRow): OrganizationIdea {
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

/** The profile with the first page of the ideas that tag it. */
export function toOrganizationDetail(
  profile: Organization,
  tagged: { items: OrganizationIdea[]; nextCursor: string | null },
): OrganizationDetail {
  return { ...profile, ideas: tagged.items, nextCursor: tagged.nextCursor };
}

/**
 * An official response. `responder` is null once the responder's account is gone (the response
 * stays: it spoke for the organisation, not for the person).
 */
export function toResponse(
  r: Pick<repo.ResponseRow, 'id' | 'ideaId' | 'status' | 'message' | 'createdAt'>,
  organization: repo.OrganizationRow,
  responder: { id: string; displayName: string } | null,
): IdeaResponse {
  return {
    _id: r.id,
    ideaId: r.ideaId,
    organization: toSummary(organization),
    status: r.status as IdeaResponse['status'],
    message: r.message,
    responder,
    verified: true,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A response as the idea page lists it, with its organisation and responder read alongside. */
export function toListedResponse(r: repo.ResponseRow): IdeaResponse {
  const responder =
    r.responderId && r.responderName ? { id: r.responderId, displayName: r.responderName } : null;
  return toResponse(r, r.org, responder);
}
