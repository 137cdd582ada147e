import {
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
  ApplicationCreateParts,
  ApplicationCreateResult,
  ApplicationIdParams,
  ApplicationListQuery,
  ApplicationListResult,
  ApplicationResult,
  ApplicationUpdateBody,
  ErrorBody,
} from '@agora/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponse } from '../../lib/openapi.js';
import type { AppContext } from '../../context.js';
import { multipartBody, sendPrivateFile, sendPage } from '../../lib/http.js';
import { createApplyService } from './applications.apply.service.js';
import { createMyApplicationsService } from './applications.mine.service.js';
import { createPipelineService } from './applications.pipeline.service.js';
import { createResumeService } from './applications.resume.service.js';

const tags = ['applications'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const HOUR_MS = 3_600_000;
/** Applications (each may store a résumé) one account may send per hour. */
const APPLICATIONS_PER_HOUR = 60;

/** HTTP routes of job applications (registered in modules/registry.ts under /api). */
export function applicationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const apply = createApplyService(ctx);
    const mine = createMyApplicationsService(ctx);
    const pipeline = createPipelineService(ctx);
    const resumes = createResumeService(ctx);

    app.post(
      '/jobs/:id/applications',
      {
        preValidation: [
          multipartBody({
            fileField: 'resume',
            maxBytes: APPLICATION_LIMITS.resumeBytes,
            tooLarge: APPLICATION_MESSAGES.resumeTooLarge,
          }),
        ],
        config: {
          rateLimit: {
            max: APPLICATIONS_PER_HOUR,
            timeWindow: HOUR_MS,
            keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip,
          },
        },
        schema: {
          tags,
          summary:
            'Quick Apply (multipart: resume PDF or DOCX ≤ 5 MB, coverNote, answers as a JSON array); one application per job',
          consumes: ['multipart/form-data'],
          security,
          params: ApplicationIdParams,
          body: ApplicationCreateParts,
          response: { 201: ApplicationCreateResult, ...errors, 413: ErrorBody },
        },
      },
      async (req, reply) => reply.status(201).send(await apply.apply(req.user!, req.params.id, req.body)),
    );

    app.get(
      '/jobs/:id/applications',
      {
        schema: {
          tags,
          summary: "A job's applications for its poster or an admin: screened-out last, then newest first",
          security,
          params: ApplicationIdParams,
          querystring: ApplicationListQuery,
          response: { 200: ApplicationListResult, ...errors },
        },
      },
      async (req, reply) => {
        const { applications, nextCursor } = await pipeline.list(req.user!, req.params.id, req.query);
        return sendPage(reply, { nextCursor }, { applications });
      },
    );

    app.get(
      '/applications/mine',
      {
        schema: {
          tags,
          summary: "The caller's applications, newest first",
          security,
          querystring: ApplicationListQuery,
          response: { 200: ApplicationListResult, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (req, reply) => {
        const { applications, nextCursor } = await mine.list(req.user!, req.query);
        return sendPage(reply, { nextCursor }, { applications });
      },
    );

    app.delete(
      '/applications/:id',
      {
        schema: {
          tags,
          summary: 'The applicant withdraws their application',
          security,
          params: ApplicationIdParams,
          response: { 200: ApplicationResult, ...errors },
        },
      },
      async (req) => mine.withdraw(req.user!, req.params.id),
    );

    app.patch(
      '/applications/:id',
      {
        schema: {
          tags,
          summary:
            "The job's poster or an admin moves an application on (the applicant is notified and e-mailed)",
          security,
          params: ApplicationIdParams,
          body: ApplicationUpdateBody,
          response: { 200: ApplicationResult, ...errors },
        },
      },
      async (req) => pipeline.setStatus(req.user!, req.params.id, req.body),
    );

    app.get(
      '/applications/:id/resume',
      {
        schema: {
          tags,
          summary: "An application's résumé (the applicant, the job's poster and admins)",
          security,
          params: ApplicationIdParams,
          response: { 200: fileResponse('The résumé, as stored'), ...errors },
        },
      },
      async (req, reply) => {
        const f = await resumes.open(req.user!, req.params.id);
        return sendPrivateFile(reply, f);
      },
    );
  };
}
