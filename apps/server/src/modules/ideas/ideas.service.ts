import type { AppContext } from '../../context.js';
import { createAttachmentsService } from './ideas.attachments.service.js';
import { createCommentsService } from './ideas.comments.service.js';
import { createDetailService } from './ideas.detail.service.js';
import { createFeedService } from './ideas.feed.service.js';
import { createFollowsService } from './ideas.follows.service.js';
import { createLifecycleService } from './ideas.lifecycle.service.js';
import { createLikesService } from './ideas.likes.service.js';
import { createShareService } from './ideas.share.service.js';

/**
 * The ideas area's services, wired once by its routes: each use case lives in its own file (the
 * feed and search, sharing and hiding, the idea page, comments, likes, follows, the status
 * lifecycle and merges, attachments).
 */
export function createIdeasService(ctx: AppContext) {
  const page = createDetailService(ctx);
  return {
    ...createFeedService(ctx),
    ...createShareService(ctx),
    ...page,
    ...createCommentsService(ctx),
    ...createLikesService(ctx),
    ...createFollowsService(ctx),
    ...createLifecycleService(ctx, page.detail),
    ...createAttachmentsService(ctx),
  };
}

export type IdeasService = ReturnType<typeof createIdeasService>;
