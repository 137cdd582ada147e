import {
  AdminContactMessage,
  AdminContactQuery,
  AdminHackathon,
  AdminHackathonsQuery,
  AdminIdea,
  AdminIdeaPatch,
  AdminIdeasQuery,
  AdminJob,
  AdminJobsQuery,
  AdminQuestion,
  AdminQuestionPatch,
  AdminQuestionsQuery,
  AdminUser,
  AdminUserPatch,
  AdminUsersQuery,
  AdminWithdrawal,
  AdminWithdrawalsQuery,
  AuditEntry,
  AuditQuery,
  CompleteWithdrawalBody,
  ErrorBody,
  FailWithdrawalBody,
  IdParam,
  MinRewardBody,
  Overview,
  OverviewQuery,
  PayoutDetails,
  RejectBody,
  ReviewBody,
} from '@agora/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type AdminDeps, createAdminService, type Paged } from './admin.service.js';
import { sendPage } from '../../lib/http.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];
const security = [{ bearer: [] }];

/** CONTRACT §3: lists stay arrays; the next page's cursor travels in X-Next-Cursor. */
const paged = <T>(reply: FastifyReply, p: Paged<T>): T[] => sendPage(reply, p);

/** HTTP routes of the admin area (mounted at /api/admin; `deps` from modules/services.ts). */
export function adminRoutes(ctx: AppContext, deps: AdminDeps): FastifyPluginAsyncZod {
  const admin = createAdminService(ctx, deps);
  return async (app) => {
    // Every route of this plugin is admin-only, decided before anything else (even validation):
    // a visitor gets 401, a signed-in non-admin 403. A route cannot forget it.
    app.addHook('onRequest', app.requireAdmin);

    app.get(
      '/overview',
      {
        schema: {
          tags,
          summary: 'Counts and time series for the analytics charts',
          security,
          querystring: OverviewQuery,
          response: { 200: Overview, ...errors },
        },
      },
      async (req) => admin.overview(req.query),
    );

    // ---------- users ----------
    app.get(
      '/users',
      {
        schema: {
          tags,
          summary: 'Users, searched and filtered by role (pages)',
          security,
          querystring: AdminUsersQuery,
          response: { 200: z.array(AdminUser), ...errors },
        },
      },
      async (req, reply) => paged(reply, await admin.listUsers(req.query)),
    );
    app.patch(
      '/users/:id',
      {
        schema: {
          tags,
          summary: 'Changes a user’s role or status (a suspended user’s tokens stop at once)',
          security,
          params: IdParam,
          body: AdminUserPatch,
          response: { 200: AdminUser, ...errors },
        },
      },
      async (req) => admin.updateUser(req.user!, req.params.id, req.body),
    );

    // ---------- questions ----------
    app.get(
      '/questions',
      {
        schema: {
          tags,
          summary: 'Questions in every state (pages)',
          security,
          querystring: AdminQuestionsQuery,
          response: { 200: z.array(AdminQuestion), ...errors },
        },
      },
      async (req, reply) => paged(reply, await admin.listQuestions(req.query)),
    );
    app.patch(
      '/questions/:id',
      {
        schema: {
          tags,
          summary: 'Changes a question’s status or hides it',
          security,
          params: IdParam,
          body: AdminQuestionPatch,
          response: { 200: AdminQuestion, ...errors },
        },
      },
      async (req) => admin.updateQuestion(req.user!, req.params.id, req.body),
    );
    app.delete(
      '/questions/:id',
      {
        schema: {
          tags,
          summary: 'Deletes a question',
          security,
          params: IdParam,
          response: { 204: z.null(), ...errors },
        },
      },
      async (req, reply) => {
        await admin.deleteQuestion(req.user!, req.params.id);
        return reply.status(204).send(null);
      },
    );

    // ---------- ideas ----------
    app.get(
      '/ideas',
      {
        schema: {
          tags,
          summary: 'Ideas in every state (pages)',
          security,
          querystring: AdminIdeasQuery,
          response: { 200: z.array(AdminIdea), ...errors },
        },
      },
      async (req, reply) => paged(reply, await admin.listIdeas(req.query)),
    );
    app.patch(
      '/ideas/:id',
      {
        schema: {
          tags,
          summary: 'Hides or restores an idea',
          security,
          params: IdParam,
          body: AdminIdeaPatch,
          response: { 200: AdminIdea, ...errors },
        },
      },
      async (req) => admin.updateIdea(req.user!, req.params.id, req.body),
    );
    app.delete(
      '/ideas/:id',
      {
        schema: {
          tags,
          summary: 'Deletes an idea',
          security,
          params: IdParam,
          response: { 204: z.null(), ...errors },
        },
      },
      async (req, reply) => {
        await admin.deleteIdea(req.user!, req.params.id);
        return reply.status(204).send(null);
      },
    );

    // ---------- hackathons ----------
    app.get(
      '/hackathons',
      {
        schema: {
          tags,
          summary: 'Hackathons by review status (pages)',
          security,
          querystring: AdminHackathonsQuery,
          response: { 200: z.array(AdminHackathon), ...errors },
        },
      },
      async (req, reply) => paged(reply, await admin.listHackathons(req.query)),
    );
    // Approve and reject carry the `updatedAt` the admin read: an edit since is 409 CHANGED_SINCE_REVIEW.
    app.post(
      '/hackathons/:id/approve',
      {
        schema: {
          tags,
          summary: 'Approves a hackathon (the organiser is e-mailed)',
          security,
          params: IdParam,
          body: ReviewBody,
          response: { 200: AdminHackathon, ...errors },
        },
      },
      async (req) => admin.reviewHackathon(req.user!, req.params.id, 'approve', req.body.updatedAt),
    );
    app.post(
      '/hackathons/:id/reject',
      {
        schema: {
          tags,
          summary: 'Rejects a hackathon with a reason (the organiser is e-mailed)',
          security,
          params: IdParam,
          body: RejectBody,
          response: { 200: AdminHackathon, ...errors },
        },
      },
      async (req) =>
        admin.reviewHackathon(req.user!, req.params.id, 'reject', req.body.updatedAt, req.body.reason),
    );

    // ---------- jobs ----------
    app.get(
      '/jobs',
      {
        schema: {
          tags,
          summary: 'Jobs by review status (pages)',
          security,
          querystring: AdminJobsQuery,
          response: { 200: z.array(AdminJob), ...errors },
        },
      },
      async (req, reply) => paged(reply, await admin.listJobs(req.query)),
    );
    app.post(
      '/jobs/:id/approve',
      {
        schema: {
          tags,
          summary: 'Approves a job posting',
          security,
          params: IdParam,
          body: ReviewBody,
          response: { 200: AdminJob, ...errors },
        },
      },
      async (req) => admin.reviewJob(req.user!, req.params.id, 'approve', req.body.updatedAt),
    );
    app.post(
      '/jobs/:id/reject',
      {
        schema: {
          tags,
          summary: 'Rejects a job posting with a reason',
          security,
          params: IdParam,
          body: RejectBody,
          response: { 200: AdminJob, ...errors },
        },
      },
      async (req) => admin.reviewJob(req.user!, req.params.id, 'reject', req.body.updatedAt, req.body.reason),
    );

    // ---------- withdrawals ----------
    app.get(
      '/withdrawals',
      {
        schema: {
          tags,
          summary: 'Withdrawal requests by status (pages)',
          security,
          querystring: AdminWithdrawalsQuery,
          response: { 200: z.array(AdminWithdrawal), ...errors },
        },
      },
      async (req, reply) => paged(reply, await admin.listWithdrawals(req.query)),
    );
    app.get(
      '/withdrawals/:id/payout-details',
      {
        schema: {
          tags,
          summary: 'The bank details to pay a withdrawal to',
          security,
          params: IdParam,
          response: { 200: PayoutDetails, ...errors },
        },
      },
      async (req) => admin.payoutDetails(req.user!, req.params.id),
    );
    app.post(
      '/withdrawals/:id/complete',
      {
        schema: {
          tags,
          summary: 'Marks a withdrawal paid',
          security,
          params: IdParam,
          body: CompleteWithdrawalBody,
          response: { 200: AdminWithdrawal, ...errors },
        },
      },
      async (req) => admin.processWithdrawal(req.user!, req.params.id, 'complete', req.body.payoutReference),
    );
    app.post(
      '/withdrawals/:id/fail',
      {
        schema: {
          tags,
          summary: 'Marks a withdrawal failed: the money goes back to the wallet',
          security,
          params: IdParam,
          body: FailWithdrawalBody,
          response: { 200: AdminWithdrawal, ...errors },
        },
      },
      async (req) => admin.processWithdrawal(req.user!, req.params.id, 'fail', req.body.reason),
    );

    // ---------- contact messages, settings, audit log ----------
    app.get(
      '/contact-messages',
      {
        schema: {
          tags,
          summary: 'Messages sent through the contact form (pages)',
          security,
          querystring: AdminContactQuery,
          response: { 200: z.array(AdminContactMessage), ...errors },
        },
      },
      async (req, reply) => paged(reply, await admin.listContactMessages(req.query)),
    );
    app.put(
      '/settings/min-reward',
      {
        schema: {
          tags,
          summary: 'Sets the smallest reward a question may offer (rupees)',
          security,
          body: MinRewardBody,
          response: { 200: z.object({ minRewardAmount: z.number().int() }), ...errors },
        },
      },
      async (req) => admin.setMinRewardAmount(req.user!, req.body.minRewardAmount),
    );
    app.post(
      '/mail/retry-failed',
      {
        schema: {
          tags,
          summary: 'Queues every failed e-mail to be sent again',
          security,
          response: { 200: z.object({ requeued: z.number().int() }), ...errors },
        },
      },
      async (req) => admin.retryFailedMail(req.user!),
    );
    app.get(
      '/audit-log',
      {
        schema: {
          tags,
          summary: 'The audit log of admin actions (pages)',
          security,
          querystring: AuditQuery,
          response: { 200: z.array(AuditEntry), ...errors },
        },
      },
      async (req, reply) => paged(reply, await admin.auditLog(req.query)),
    );
  };
}
