import type { AppContext } from '../../context.js';
import { createBrowseService } from './hackathons.browse.service.js';
import { createEditService } from './hackathons.edit.service.js';
import { type FindLinkableIdea, ideaLookupNotWired } from './hackathons.ideas.service.js';
import { createMyHackathonsService } from './hackathons.my.service.js';
import { createRegistrationService } from './hackathons.registration.service.js';
import { createStartingSoonReminders } from './hackathons.reminders.service.js';
import { createReviewService } from './hackathons.review.service.js';
import { createHackathonsShared } from './hackathons.shared.js';
import { createHackathonSubmissions } from './hackathons.submissions.js';

export { DETAIL_LIST_LIMIT } from './hackathons.browse.service.js';
export { START_TOO_SOON } from './hackathons.form.js';
export { MY_SUBMISSIONS_PER_HACKATHON } from './hackathons.my.service.js';
export { APPROVAL_TOO_LATE } from './hackathons.review.service.js';

/**
 * The hackathons area's services, one use case per file: browsing and the detail page (browse),
 * My Hackathons (my), joining and leaving (registration), project submissions (submissions), the
 * organiser's form (edit), the admins' review (review) and the starting-soon reminders (reminders).
 *
 * `findIdea` is the ideas area's lookup (wired by the routes' registration); services built for
 * work that never links an idea (admin review, reminders) go without it.
 */
export function createHackathonsService(ctx: AppContext, findIdea: FindLinkableIdea = ideaLookupNotWired) {
  const shared = createHackathonsShared(ctx, findIdea);
  return {
    ...createHackathonSubmissions(ctx, shared.loadVisible),
    ...createBrowseService(ctx, shared),
    ...createMyHackathonsService(ctx, shared),
    ...createRegistrationService(ctx, shared),
    ...createEditService(ctx, shared, findIdea),
    ...createReviewService(ctx, shared),
    ...createStartingSoonReminders(ctx),
  };
}

export type HackathonsService = ReturnType<typeof createHackathonsService>;
