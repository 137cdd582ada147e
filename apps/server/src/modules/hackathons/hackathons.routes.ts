import {
  ErrorBody,
  Hackathon,
  HackathonCreateResult,
  HackathonFormParts,
  HackathonIdParams,
  HackathonList,
  HackathonListQuery,
  HackathonPageQuery,
  HackathonRegistrationResult,
  HackathonSubmission,
  HackathonSubmissionParams,
  HackathonSubmissionStatusBody,
  LIMITS,
  MSG,
  ProjectSubmissionParts,
  ProjectSubmissionResult,
} from '@agora/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerOptional, bearer as security, fileResponse } from '../../lib/openapi.js';
import type { AppContext } from '../../context.js';
import { multipartBody, sendPrivateFile, sendPage } from '../../lib/http.js';
import { depthCheckedJsonParser } from '../../lib/json-body.js';
import type { HackathonsService } from './hackathons.service.js';

const tags = ['hackathons'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const HOUR_MS = 3_600_000;

/** Per account (per IP for a visitor): every upload is stored, so each account gets a budget per hour. */
const perUser = (req: FastifyRequest) => req.user?.id ?? req.ip;

/**
 * HTTP routes of the hackathons area (registered in modules/registry.ts, which passes the app's one
 * hackathons service, built with the ideas area's lookup of the idea a hackathon is proposed from:
 * modules/services.ts).
 */
export function hackathonsRoutes(ctx: AppContext, hackathons: HackathonsService): FastifyPluginAsyncZod {
  return async (app) => {
    const bannerForm = multipartBody({
      fileField: 'image',
      maxBytes: LIMITS.imageBytes,
      tooLarge: MSG.hackathonImageTooLarge,
    });

    // spec 03 §7: register is sent with a JSON content type and no body; Fastify's default parser
    // refuses an empty JSON body, so (in this area only) an empty body parses as "no body". The
    // depth check of every other JSON body applies here too.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      depthCheckedJsonParser(app.getDefaultJsonParser('error', 'ignore'), { emptyAsUndefined: true }),
    );

    app.get(
      '/',
      {
        config: {
          cache: { tables: ['hackathons', 'hackathon_participants', 'hackathon_submissions', 'users'] },
        },
        schema: {
          tags,
          summary: 'Published hackathons (optionally one phase: open, upcoming, past); X-Next-Cursor pages',
          security: bearerOptional,
          querystring: HackathonListQuery,
          response: { 200: HackathonList, 400: ErrorBody },
        },
      },
      async (req, reply) => {
        const page = await hackathons.list(req.user, req.query);
        return sendPage(reply, page);
      },
    );

    app.get(
      '/my-registrations',
      {
        schema: {
          tags,
          summary: 'Hackathons the caller joined (X-Total-Count, X-Next-Cursor)',
          security,
          querystring: HackathonPageQuery,
          response: { 200: HackathonList, ...errors },
        },
      },
      async (req, reply) => {
        const page = await hackathons.myRegistrations(req.user!, req.query);
        return sendPage(reply, page);
      },
    );

    app.get(
      '/my-submissions',
      {
        schema: {
          tags,
          summary: 'Hackathons the caller organised, any status, with their newest submissions',
          security,
          querystring: HackathonPageQuery,
          response: { 200: HackathonList, ...errors },
        },
      },
      async (req, reply) => {
        const page = await hackathons.mySubmissions(req.user!, req.query);
        return sendPage(reply, page);
      },
    );

    app.post(
      '/submit',
      {
        preValidation: bannerForm,
        config: {
          // spec 03 §5 check 1: the spec's sentence rather than the generic 401.
          authMessage: MSG.hackathonAuth,
          rateLimit: {
            max: ctx.config.uploadRateLimitPerHour.hackathons,
            timeWindow: HOUR_MS,
            keyGenerator: perUser,
          },
        },
        schema: {
          tags,
          summary: 'Organiser submits a hackathon for review (multipart; status is always pending)',
          security,
          consumes: ['multipart/form-data'],
          body: HackathonFormParts,
          response: { 201: HackathonCreateResult, ...errors, 413: ErrorBody },
        },
      },
      async (req, reply) => {
        const hackathon = await hackathons.create(req.user!, req.body);
        return reply.status(201).send({ message: MSG.hackathonSubmitted, hackathon });
      },
    );

    app.put(
      '/:id',
      {
        preValidation: bannerForm,
        config: {
          rateLimit: {
            max: ctx.config.uploadRateLimitPerHour.hackathons,
            timeWindow: HOUR_MS,
            keyGenerator: perUser,
          },
        },
        schema: {
          tags,
          summary:
            'Its organiser edits a pending or rejected hackathon (multipart, as /submit); it goes back to review',
          security,
          consumes: ['multipart/form-data'],
          params: HackathonIdParams,
          body: HackathonFormParts,
          response: { 200: HackathonCreateResult, ...errors, 413: ErrorBody },
        },
      },
      async (req) => {
        const hackathon = await hackathons.update(req.user!, req.params.id, req.body);
        return { message: MSG.hackathonSubmitted, hackathon };
      },
    );

    app.get(
      '/:id',
      {
        schema: {
          tags,
          summary: 'One hackathon; participants and submissions in full for its organiser and admins',
          security: bearerOptional,
          params: HackathonIdParams,
          response: { 200: Hackathon, 404: ErrorBody },
        },
      },
      async (req) => hackathons.get(req.user, req.params.id),
    );

    app.get(
      '/:id/calendar.ics',
      {
        schema: {
          tags,
          summary: 'iCalendar file of the hackathon',
          security: bearerOptional,
          params: HackathonIdParams,
          response: {
            200: fileResponse('The hackathon as an iCalendar event', 'text/calendar'),
            404: ErrorBody,
          },
        },
      },
      async (req, reply) => {
        const { ics, filename } = await hackathons.calendar(req.user, req.params.id);
        return reply
          .header('Content-Type', 'text/calendar; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .header('Cache-Control', 'no-store')
          .send(ics);
      },
    );

    app.post(
      '/:id/register',
      {
        schema: {
          tags,
          summary: 'Registers the caller for the hackathon',
          security,
          params: HackathonIdParams,
          response: { 200: HackathonRegistrationResult, ...errors },
        },
      },
      async (req) => hackathons.register(req.user!, req.params.id),
    );

    app.post(
      '/:id/unregister',
      {
        schema: {
          tags,
          summary: 'Withdraws the caller’s registration',
          security,
          params: HackathonIdParams,
          response: { 200: HackathonRegistrationResult, ...errors },
        },
      },
      async (req) => hackathons.unregister(req.user!, req.params.id),
    );

    app.post(
      '/:id/submit',
      {
        preValidation: [
          multipartBody({
            fileField: 'submissionFile',
            maxBytes: LIMITS.submissionFileBytes,
            tooLarge: `The file is too large (maximum ${LIMITS.submissionFileBytes / 1024 / 1024} MB).`,
          }),
        ],
        config: {
          rateLimit: {
            max: ctx.config.uploadRateLimitPerHour.projectSubmissions,
            timeWindow: HOUR_MS,
            keyGenerator: perUser,
          },
        },
        schema: {
          tags,
          summary:
            'Project submission (multipart, file field submissionFile ≤ 25 MB); a second one updates the first',
          security,
          consumes: ['multipart/form-data'],
          params: HackathonIdParams,
          body: ProjectSubmissionParts,
          response: { 200: ProjectSubmissionResult, 201: ProjectSubmissionResult, ...errors, 413: ErrorBody },
        },
      },
      async (req, reply) => {
        const result = await hackathons.submitProject(req.user!, req.params.id, req.body);
        return reply.status(result.updated ? 200 : 201).send({ message: MSG.projectSubmitted, ...result });
      },
    );

    app.patch(
      '/:id/submissions/:sid',
      {
        schema: {
          tags,
          summary: 'Organiser or admin sets a submission status (winner, runner_up, participant)',
          security,
          params: HackathonSubmissionParams,
          body: HackathonSubmissionStatusBody,
          response: { 200: HackathonSubmission, ...errors },
        },
      },
      async (req) =>
        hackathons.setSubmissionStatus(req.user!, req.params.id, req.params.sid, req.body.status),
    );

    app.get(
      '/:id/submissions/:sid/file',
      {
        schema: {
          tags,
          summary: "A submission's file (organiser, admins and the submitter)",
          security,
          params: HackathonSubmissionParams,
          response: { 200: fileResponse('The submitted file, as stored'), ...errors },
        },
      },
      async (req, reply) => {
        const f = await hackathons.submissionFile(req.user!, req.params.id, req.params.sid);
        return sendPrivateFile(reply, f);
      },
    );
  };
}
