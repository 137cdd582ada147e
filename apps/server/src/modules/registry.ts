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
import type { AppServices } from './services.js';
import { mailPreferencesRoutes } from './users/users.unsubscribe.routes.js';
import { walletRoutes } from './wallet/wallet.routes.js';

/**
 * The portal areas, each mounted under /api + prefix. A service more than one place uses comes from
 * the app's shared services (services.ts), built once; the rest are built by their routes.
 */
export const areaModules: Array<{
  prefix: string;
  routes: (ctx: AppContext, services: AppServices) => FastifyPluginAsyncZod;
}> = [
  // A bounty offered from an idea is checked through the ideas lookup its service was built with.
  { prefix: '/questions', routes: (ctx, s) => questionsRoutes(ctx, s.questions) },
  // /questions/categories/{category}/follow, /questions/categories/unsubscribe, /users/me/followed-categories
  { prefix: '', routes: (_ctx, s) => categoryFollowsRoutes(s.categoryFollows) },
  { prefix: '/payments', routes: (_ctx, s) => paymentsRoutes(s.payments) },
  // /hackathons/{id}/prize/create-order: a prize pool's checkout (verified at /payments/verify)
  { prefix: '', routes: (_ctx, s) => hackathonPrizeRoutes(s.payments) },
  // wallet, rewards, withdrawals and /questions/:id/rewards
  { prefix: '', routes: (_ctx, s) => walletRoutes(s.wallet) },
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
  // A hackathon proposed from an idea is checked and linked through the ideas lookup its service
  // was built with.
  { prefix: '/hackathons', routes: (ctx, s) => hackathonsRoutes(ctx, s.hackathons) },
  // /hackathons/{id}/judges, judging, results, judging-settings, submissions/{sid}/score and /vote
  { prefix: '', routes: hackathonJudgingRoutes },
  // /hackathons/{id}/teams, /teams/…, /team-requests/…
  { prefix: '', routes: hackathonTeamsRoutes },
  { prefix: '/jobs', routes: (ctx, s) => jobsRoutes(ctx, s.jobs) },
  { prefix: '/job-alerts', routes: jobAlertsRoutes },
  // /jobs/{id}/applications (apply, the poster's pipeline) and /applications/…
  { prefix: '', routes: applicationsRoutes },
  // /applications/{id}/referral-requests and /referral-requests/…
  { prefix: '', routes: referralsRoutes },
  { prefix: '/geo', routes: (ctx) => geoRoutes(ctx) },
  // Admin decides through the same services the areas' own routes use.
  { prefix: '/admin', routes: adminRoutes },
  { prefix: '/notifications', routes: notificationsRoutes },
];
