import type { AppContext } from '../../context.js';
import { createClaimsService } from './organizations.claims.service.js';
import type { OrganizationIdeas } from './organizations.ideas.js';
import { createPagesService } from './organizations.pages.service.js';
import { createResponsesService } from './organizations.responses.service.js';
import { createTaggingService } from './organizations.tagging.service.js';

/**
 * The organisations area's services, wired once by its routes: each use case lives in its own file
 * (the pages, membership claims, tagging ideas, official responses). `ideas` is the ideas area's
 * lookup and follower news, wired by the app (modules/registry.ts).
 */
export function createOrganizationsService(ctx: AppContext, ideas: OrganizationIdeas) {
  return {
    ...createPagesService(ctx),
    ...createClaimsService(ctx),
    ...createTaggingService(ctx, ideas),
    ...createResponsesService(ctx, ideas),
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
