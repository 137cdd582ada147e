import type { AppContext } from '../context.js';
import { perContext } from '../lib/per-context.js';
import { createAuthService } from './auth/auth.service.js';
import { createHackathonsService } from './hackathons/hackathons.service.js';
import { findIdeaToAct } from './ideas/ideas.collaboration.service.js';
import { findLinkableIdea } from './ideas/ideas.lookup.service.js';
import { createJobsService } from './jobs/jobs.service.js';
import { createPaymentsService } from './payments/payments.service.js';
import { createCategoryFollowsService } from './questions/category-follows.service.js';
import { createQuestionsService } from './questions/questions.service.js';
import { createUsersService } from './users/users.service.js';
import { createWalletService } from './wallet/wallet.service.js';

/**
 * The services more than one place uses, each built here once per application context and handed
 * to the routes (app.ts, registry.ts), the admin area and the background tasks that need it: a
 * payment verified by one route is recorded by the same payments service that opened its order, the
 * ranking that settles an escrow is the one the questions pages use. A service only one route module
 * uses is built by that module.
 */
function buildAppServices(ctx: AppContext) {
  return {
    /** The session check of every request, sign-in and sign-up, and admin suspensions. */
    auth: createAuthService(ctx),
    users: createUsersService(ctx),
    /** A question's checkout and a prize pool's, verified and settled by the same service. */
    payments: createPaymentsService(ctx),
    // A bounty offered from an idea, and a hackathon proposed from one, check it through the ideas
    // area's lookup, passed in here: ideas lists the bounties and hackathons grown from it, so
    // neither area imports ideas back.
    questions: createQuestionsService(ctx, undefined, findIdeaToAct),
    hackathons: createHackathonsService(ctx, findLinkableIdea),
    jobs: createJobsService(ctx),
    wallet: createWalletService(ctx),
    categoryFollows: createCategoryFollowsService(ctx),
  };
}

export type AppServices = ReturnType<typeof buildAppServices>;

/** The shared services of a context: built on the first call, the same instances afterwards. */
export const appServices = perContext(buildAppServices);
