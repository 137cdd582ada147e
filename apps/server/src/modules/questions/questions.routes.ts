import {
  AnswerAttachmentParts,
  Answer,
  AttachmentResult,
  CategoryCounts,
  CreateAnswerBody,
  CreateQuestionParts,
  ErrorBody,
  LIMITS,
  MSG,
  MyListQuery,
  PublicListQuery,
  Question,
  QUESTION_TEXT,
  RankResult,
  SimilarQuery,
  SimilarQuestion,
} from '@agora/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerKey } from '../../platform/view-counts.js';
import { randomOrder } from '../../plugins/response-cache.js';
import { bearerOptional, bearer as security } from '../../lib/openapi.js';
import type { AppContext } from '../../context.js';
import { multipartBody, sendPage } from '../../lib/http.js';
import { uploadedFile } from '../../lib/uploads.js';
import type { QuestionsService } from './questions.service.js';

// Non-UUID ids are answered like absent ones (404), never as a validation error.
const Params = z.object({ id: z.string().max(100) });
const tags = ['questions'];
const HOUR_MS = 3_600_000;

/** Per account (per IP for a visitor): every upload is stored, so each account gets a budget per hour. */
const perUser = (req: FastifyRequest) => req.user?.id ?? req.ip;

/**
 * HTTP routes of the questions area (registered in modules/registry.ts, which passes the app's one
 * questions service, built with the ideas lookup: modules/services.ts).
 */
export function questionsRoutes(ctx: AppContext, questions: QuestionsService): FastifyPluginAsyncZod {
  return async (app) => {
    const list = { 200: z.array(Question), 400: ErrorBody };

    app.get(
      '/public',
      {
        config: { cache: { tables: ['questions', 'users'], skip: randomOrder } },
        schema: {
          tags,
          summary: 'Public questions with filters, search and pages',
          querystring: PublicListQuery,
          response: list,
        },
      },
      async (req, reply) => sendPage(reply, await questions.listPublic(req.query)),
    );

    // ?status=open: the counts of the Open Questions tab (they match its list).
    app.get(
      '/categories',
      {
        config: { cache: { tables: ['questions'] } },
        schema: {
          tags,
          summary: 'Questions per category, all eight in one answer',
          querystring: z.object({ status: z.enum(['open']).optional() }),
          response: { 200: CategoryCounts },
        },
      },
      async (req) => questions.categories(req.query.status),
    );

    app.get(
      '/similar',
      {
        config: { cache: { tables: ['questions'] } },
        schema: {
          tags,
          summary: 'Questions similar to a draft title',
          querystring: SimilarQuery,
          response: { 200: z.array(SimilarQuestion) },
        },
      },
      async (req) => questions.similar(req.query.q, req.query.limit),
    );

    // ?own=true: my questions with all answers; ?answered=true: questions I answered; else public.
    app.get(
      '/',
      {
        config: {
          cache: {
            tables: ['questions', 'answers', 'users'],
            skip: (q) => randomOrder(q) || q.own === 'true' || q.answered === 'true',
          },
        },
        schema: {
          tags,
          summary:
            'Public questions, or (signed in) the caller’s own (`own=true`) or answered ones (`answered=true`)',
          description: '`own=true` and `answered=true` need a token (401 without one).',
          security: bearerOptional,
          querystring: MyListQuery,
          response: { ...list, 401: ErrorBody },
        },
      },
      async (req, reply) => {
        const { own, answered, ...query } = req.query;
        if (own === 'true' || answered === 'true') {
          await app.requireUser(req, reply);
          const page =
            own === 'true'
              ? await questions.listOwn(req.user!, query)
              : await questions.listAnswered(req.user!, query);
          return sendPage(reply, page);
        }
        return sendPage(reply, await questions.listPublic(query));
      },
    );

    // JSON, or multipart with the same fields plus an optional `image` (spec 01 §7).
    app.post(
      '/',
      {
        preValidation: [
          multipartBody({
            fileField: 'image',
            maxBytes: LIMITS.imageBytes,
            tooLarge: MSG.imageTooLarge,
            alsoJson: true,
          }),
        ],
        // Every image is stored on disk: a budget per account per hour (JSON creates are not counted).
        config: {
          rateLimit: {
            max: ctx.config.uploadRateLimitPerHour.questionImages,
            timeWindow: HOUR_MS,
            keyGenerator: perUser,
            // Decided by the header: the rate limit runs before the body is parsed.
            allowList: (req: FastifyRequest) => !/^multipart\//i.test(req.headers['content-type'] ?? ''),
          },
        },
        schema: {
          tags,
          summary: 'Asks a question (JSON, or multipart with an optional image)',
          security,
          description:
            'JSON { title, description, category, reward? (whole rupees) } or multipart with the same fields and an optional image (≤ 5 MB; 30 per account per hour). Created unpaid.',
          consumes: ['application/json', 'multipart/form-data'],
          body: CreateQuestionParts,
          response: { 201: Question, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody, 413: ErrorBody },
        },
      },
      async (req, reply) => {
        const { image, ...fields } = req.body;
        const input = { fields, image: uploadedFile(image) };
        return reply.status(201).send(await questions.create(req.user!, input));
      },
    );

    // ?view=false: a refetch by a client that already counted its view (spec 01 §4 refetch after answering).
    // A visitor sees no answers (only their count), so every visitor's page is the same.
    app.get(
      '/:id',
      {
        config: {
          cache: {
            tables: ['questions', 'answers', 'users'],
            views: { table: 'questions', param: 'id', counts: (q) => q.view !== 'false' },
          },
        },
        schema: {
          tags,
          summary: 'One question; its author sees every answer, another signed-in user only their own',
          security: bearerOptional,
          params: Params,
          querystring: z.object({ view: z.enum(['true', 'false']).optional() }),
          response: { 200: Question, 404: ErrorBody },
        },
      },
      async (req) =>
        questions.get(req.user, req.params.id, {
          countView: req.query.view !== 'false',
          viewerKey: viewerKey(req),
        }),
    );

    // The author discards an unpaid question: 409 once paid or while a checkout is open.
    app.delete(
      '/:id',
      {
        schema: {
          tags,
          summary: 'The author deletes an unpaid question',
          security,
          params: Params,
          response: { 204: z.null(), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (req, reply) => {
        await questions.remove(req.user!, req.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/:id/answers',
      {
        schema: {
          tags,
          summary: 'Answers a question',
          security,
          params: Params,
          body: CreateAnswerBody,
          response: { 201: Answer, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await questions.answer(req.user!, req.params.id, req.body)),
    );

    app.post(
      '/:id/answers/upload',
      {
        preValidation: [
          multipartBody({
            fileField: 'attachment',
            maxBytes: LIMITS.attachmentBytes,
            tooLarge: QUESTION_TEXT.attachmentTooLarge,
          }),
        ],
        config: {
          rateLimit: {
            max: ctx.config.uploadRateLimitPerHour.answerAttachments,
            timeWindow: HOUR_MS,
            keyGenerator: perUser,
          },
        },
        schema: {
          tags,
          summary: 'Answers with an attached file',
          security,
          params: Params,
          description: `multipart with one file in the field "attachment" (≤ ${LIMITS.attachmentBytes / 1024 / 1024} MB)`,
          consumes: ['multipart/form-data'],
          body: AnswerAttachmentParts,
          response: {
            201: AttachmentResult,
            400: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
            413: ErrorBody,
          },
        },
      },
      async (req, reply) => {
        const result = await questions.uploadAttachment(req.user!, req.params.id, async () =>
          uploadedFile(req.body.attachment),
        );
        return reply.status(201).send(result);
      },
    );

    for (const [path, status] of [
      ['/:id/mark-answered', 'answered'],
      ['/:id/reopen', 'open'],
    ] as const) {
      app.post(
        path,
        {
          schema: {
            tags,
            summary:
              status === 'answered'
                ? 'The author marks the question answered'
                : 'The author reopens the question',
            security,
            params: Params,
            response: { 200: Question, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
          },
        },
        async (req) => questions.setStatus(req.user!, req.params.id, status),
      );
    }

    // The spec's path, and the shorter one that returns the same ranking and suggested split.
    for (const path of ['/:id/rank-answers', '/:id/rank'] as const) {
      app.post(
        path,
        {
          // One allowance for both paths: ranking runs the AI model, which every author shares.
          config: { rateLimit: { max: 20, timeWindow: 60_000, groupId: 'rank-answers' } },
          schema: {
            tags,
            summary: 'Ranks the answers and suggests how to split the reward',
            security,
            params: Params,
            response: { 200: RankResult, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
          },
        },
        async (req) => questions.rank(req.user!, req.params.id, (obj, msg) => req.log.warn(obj, msg)),
      );
    }
  };
}
