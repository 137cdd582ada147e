import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { adminRoutes } from './admin/admin.routes.js';
import { applicationsRoutes } from './applications/applications.routes.js';
import { followsRoutes } from './follows/follows.routes.js';
import { geoRoutes } from './geo/geo.routes.js';
import { hackathonJudgingRoutes } from './hackathons/hackathons.judging.routes.js';
import { hackathonsRoutes } from './hackathons/hackathons.routes.js';
import { hackathonTeamsRoutes } from './hackathons/hackathons.teams.routes.js';
import { ideaCollaborationRoutes } from './ideas/ideas.collaboration.routes.js';
import { findIdeaToAct } from './ideas/ideas.collaboration.service.js';
import { notifyIdeaFollowers } from './ideas/ideas.followers.js';
import { findLinkableIdea } from './ideas/ideas.lookup.service.js';
import { ideasRoutes } from './ideas/ideas.routes.js';
import { jobAlertsRoutes } from './job-alerts/job-alerts.routes.js';
import { jobsRoutes } from './jobs/jobs.routes.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { organizationsRoutes } from './organizations/organizations.routes.js';
import { hackathonPrizeRoutes } from './payments/payments.prize.routes.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { categoryFollowsRoutes } from './questions/category-follows.routes.js';
import { questionsRoutes } from './questions/questions.routes.js';
import { referralsRoutes } from './referrals/referrals.routes.js';
import { mailPreferencesRoutes } from './users/users.unsubscribe.routes.js';
import { walletRoutes } from './wallet/wallet.routes.js';

/** The portal areas, each mounted under /api + prefix. */
export const areaModules: Array<{ prefix: string; routes: (ctx: AppContext) => FastifyPluginAsyncZod }> = [
  // A bounty offered from an idea checks it through the ideas area's lookup, passed in here: ideas
  // lists the bounties offered from it, so questions does not import ideas back.
  { prefix: '/questions', routes: (ctx) => questionsRoutes(ctx, findIdeaToAct) },
  // /questions/categories/{category}/follow, /questions/categories/unsubscribe, /users/me/followed-categories
  { prefix: '', routes: categoryFollowsRoutes },
  { prefix: '/payments', routes: paymentsRoutes },
  // /hackathons/{id}/prize/create-order: a prize pool's checkout (verified at /payments/verify)
  { prefix: '', routes: hackathonPrizeRoutes },
  // wallet, rewards, withdrawals and /questions/:id/rewards
  { prefix: '', routes: walletRoutes },
  { prefix: '/ideas', routes: ideasRoutes },
  // /ideas/{id}/collaboration-requests, /collaboration-requests/{rid}/accept|decline, /ideas/{id}/team/me
  { prefix: '', routes: ideaCollaborationRoutes },
  // /organizations/…, /ideas/{id}/organizations, /ideas/{id}/responses. Tags and responses reach the
  // idea through the ideas area's lookup and follower news, passed in here: ideas shows its
  // organisations and responses, so organisations does not import ideas back.
  { prefix: '', routes: (ctx) => organizationsRoutes(ctx, { findIdeaToAct, notifyIdeaFollowers }) },
  // follow, unfollow, following, followers, :id/followers/count, :id/info
  { prefix: '/users', routes: followsRoutes },
  // /users/unsubscribe: the one-click link of notification and reminder e-mails
  { prefix: '/users', routes: mailPreferencesRoutes },
  // A hackathon proposed from an idea checks and links it through the ideas area's lookup, passed
  // in here: ideas lists the hackathons grown from it, so hackathons does not import ideas back.
  { prefix: '/hackathons', routes: (ctx) => hackathonsRoutes(ctx, findLinkableIdea) },
  // /hackathons/{id}/judges, judging, results, judging-settings, submissions/{sid}/score and /vote
  { prefix: '', routes: hackathonJudgingRoutes },
  // /hackathons/{id}/teams, /teams/…, /team-requests/…
  { prefix: '', routes: hackathonTeamsRoutes },
  { prefix: '/jobs', routes: jobsRoutes },
  { prefix: '/job-alerts', routes: jobAlertsRoutes },
  // /jobs/{id}/applications (apply, the poster's pipeline) and /applications/…
  { prefix: '', routes: applicationsRoutes },
  // /applications/{id}/referral-requests and /referral-requests/…
  { prefix: '', routes: referralsRoutes },
  { prefix: '/geo', routes: geoRoutes },
  { prefix: '/admin', routes: adminRoutes },
  { prefix: '/notifications', routes: notificationsRoutes },
];
