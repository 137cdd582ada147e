import type { AppContext } from '../../context.js';
import { createClaimsService } from './organizations.claims.service.js';
import { createPagesService } from './organizations.pages.service.js';
import { createResponsesService } from './organizations.responses.service.js';
import { createTaggingService } from './organizations.tagging.service.js';

/**
 * The organisations area's services, wired once by its routes: each use case lives in its own file
 * (the pages, membership claims, tagging ideas, official responses).
 */
export function createOrganizationsService(ctx: AppContext) {
  return {
    ...createPagesService(ctx),
    ...createClaimsService(ctx),
    ...createTaggingService(ctx),
    ...createResponsesService(ctx),
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
