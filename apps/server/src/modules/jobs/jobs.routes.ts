import {
  ErrorBody,
  Job,
  JobCategoryCounts,
  JobCreateBody,
  JobCreateResult,
  JobListQuery,
  JobListResult,
  MSG,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { createJobsService } from './jobs.service.js';

const JobParams = z.object({ id: z.string().max(100) });

/** HTTP routes of the jobs area (registered in modules/registry.ts). */
export function jobsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const jobs = createJobsService(ctx);
  return async (app) => {
    app.get(
      '/',
      {
        schema: {
          tags: ['jobs'],
          summary: 'Approved, open jobs with filters, full-text search and pages',
          querystring: JobListQuery,
          response: { 200: JobListResult, 400: ErrorBody },
        },
      },
      async (req) => jobs.list(req.query),
    );

    app.get(
      '/categories',
      {
        schema: {
          tags: ['jobs'],
          summary: 'Listed jobs per category (every category a form offers is present)',
          response: { 200: JobCategoryCounts },
        },
      },
      async () => jobs.categoryCounts(),
    );

    app.get(
      '/:id',
      {
        schema: {
          tags: ['jobs'],
          summary: 'One job (pending or rejected ones only for their poster and admins)',
          params: JobParams,
          response: { 200: Job, 404: ErrorBody },
        },
      },
      async (req) => jobs.get(req.user, req.params.id),
    );

    app.post(
      '/',
      {
        preHandler: app.requireUser,
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
  };
}
