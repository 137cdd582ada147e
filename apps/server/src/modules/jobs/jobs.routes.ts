import {
  CAREER_MESSAGES,
  ErrorBody,
  Job,
  JobCategoryCounts,
  JobCreateBody,
  JobCreateResult,
  JobListQuery,
  JobListResult,
  JobLogoParts,
  JobResult,
  JobLogoResult,
  LIMITS,
  MSG,
  MyJobsResult,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerOptional } from '../../lib/openapi.js';
import type { AppContext } from '../../context.js';
import { networkAt } from '../follows/follows.network.service.js';
import { unauthorized } from '../../lib/errors.js';
import { multipartBody } from '../../lib/http.js';
import { uploadedFile } from '../../lib/uploads.js';
import { createJobLifeService } from './jobs.life.service.js';
import type { JobsService } from './jobs.service.js';

const JobParams = z.object({ id: z.string().max(100) });

/**
 * HTTP routes of the jobs area (registered in modules/registry.ts, which passes the app's one jobs
 * service: the admin review queue decides through it too).
 */
export function jobsRoutes(ctx: AppContext, jobs: JobsService): FastifyPluginAsyncZod {
  const life = createJobLifeService(ctx);
  return async (app) => {
    app.get(
      '/',
      {
        // Only visitors' answers are cached (a request with credentials never is): a signed-in
        // viewer's jobs carry their own match, computed per request.
        config: { cache: { tables: ['jobs', 'users'], skip: (q) => q.sort === 'match' } },
        // sort=match reads the viewer's profile: a visitor is told to sign in before anything else.
        preValidation: async (req) => {
          if ((req.query as Record<string, unknown>).sort === 'match' && !req.user) {
            unauthorized(CAREER_MESSAGES.signInToMatch);
          }
        },
        schema: {
          tags: ['jobs'],
          summary: 'Approved, open jobs with filters, full-text search and pages',
          security: bearerOptional,
          description:
            'A signed-in viewer gets `match` (score 0–100, the job skills they have and miss, evidence) on every job; `sort=match` (signed in only, else 401) orders by that score, ties newest first, over the newest listed jobs matching the filters.',
          querystring: JobListQuery,
          response: { 200: JobListResult, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (req) => jobs.list(req.query, req.user),
    );

    app.get(
      '/categories',
      {
        config: { cache: { tables: ['jobs'] } },
        schema: {
          tags: ['jobs'],
          summary: 'Listed jobs per category (every category a form offers is present)',
          response: { 200: JobCategoryCounts },
        },
      },
      async () => jobs.categoryCounts(),
    );

    app.get(
      '/mine',
      {
        schema: {
          tags: ['jobs'],
          summary:
            "The caller's own postings in every state (pending, approved, rejected with the reason, expired, filled), with their applications by status",
          security: [{ bearer: [] }],
          response: { 200: MyJobsResult, 401: ErrorBody },
        },
      },
      async (req) => ({ jobs: await jobs.listMine(req.user!) }),
    );

    app.put(
      '/:id',
      {
        config: { rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: (req) => req.user?.id ?? req.ip } },
        schema: {
          tags: ['jobs'],
          summary: 'The poster edits a posting (whole); it goes back to admin review',
          security: [{ bearer: [] }],
          params: JobParams,
          body: JobCreateBody,
          response: { 200: JobCreateResult, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (req) => ({
        job: await jobs.update(req.user!, req.params.id, req.body),
        message: MSG.jobSubmitted,
      }),
    );

    app.get(
      '/:id',
      {
        schema: {
          tags: ['jobs'],
          summary:
            'One job: approved ones (also once expired or filled) for everyone, pending or rejected ones only for their poster and admins',
          security: bearerOptional,
          params: JobParams,
          response: { 200: Job, 404: ErrorBody },
        },
      },
      async (req) => {
        const job = await jobs.get(req.user, req.params.id);
        if (!req.user) return job;
        // The viewer's network at the job's company: whom they may ask for a referral.
        return { ...job, network: await networkAt(ctx.db, req.user.id, job.company.name) };
      },
    );

    app.post(
      '/',
      {
        config: { rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: (req) => req.user?.id ?? req.ip } },
        schema: {
          tags: ['jobs'],
          summary: 'Post a job; it waits for admin approval',
          security: [{ bearer: [] }],
          body: JobCreateBody,
          response: { 201: JobCreateResult, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (req, reply) => {
        const job = await jobs.create(req.user!, req.body);
        return reply.status(201).send({ job, message: MSG.jobSubmitted });
      },
    );

    for (const action of ['renew', 'fill'] as const) {
      app.post(
        `/:id/${action}`,
        {
          config: {
            rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: (req) => req.user?.id ?? req.ip },
          },
          schema: {
            tags: ['jobs'],
            summary:
              action === 'renew'
                ? 'The poster renews a listing: it expires JOB_LISTING_DAYS after the later of now and its old expiry'
                : 'The poster marks a job filled: it leaves the listing and takes no more applications',
            description:
              'The poster or an admin. 404 when the caller cannot see the job, 403 when they can but it is not theirs, 409 for a job never listed (pending, rejected)' +
              (action === 'renew' ? ', filled, or past its application deadline.' : '.'),
            security: [{ bearer: [] }],
            params: JobParams,
            response: { 200: JobResult, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
          },
        },
        async (req) => ({ job: await life[action](req.user!, req.params.id) }),
      );
    }

    app.post(
      '/logo',
      {
        preValidation: [
          multipartBody({ fileField: 'logo', maxBytes: LIMITS.imageBytes, tooLarge: MSG.jobLogoTooLarge }),
        ],
        // Every upload is stored: each account gets a budget per hour.
        config: {
          rateLimit: { max: 30, timeWindow: 3_600_000, keyGenerator: (req) => req.user?.id ?? req.ip },
        },
        schema: {
          tags: ['jobs'],
          summary: 'Upload a company logo (multipart field `logo`: PNG, JPEG, WebP or GIF, ≤ 5 MB)',
          description:
            'The answer’s `url` (/uploads/<key>) is what `company.logo` takes when posting the job.',
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          body: JobLogoParts,
          response: { 201: JobLogoResult, 400: ErrorBody, 401: ErrorBody, 413: ErrorBody },
        },
      },
      async (req, reply) => {
        const stored = await jobs.uploadLogo(req.user!, uploadedFile(req.body.logo));
        return reply.status(201).send({ url: stored.url, mimetype: stored.mimetype, size: stored.size });
      },
    );
  };
}
