import {
  CommentBody,
  CreateIdeaBody,
  ErrorBody,
  HiddenIdeasQuery,
  Idea,
  IdeaCategoryCounts,
  IdeaComment,
  IdeaCommentsQuery,
  IdeaDetail,
  IdeaList,
  IdeaAttachmentResult,
  IdeaFollowResult,
  IdeaMergeBody,
  IdeaSearchHit,
  IdeaSearchQuery,
  IdeaStatusBody,
  FilePart,
  LikeResult,
  ListIdeasQuery,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerKey } from '../../platform/view-counts.js';
import { bearer, bearerOptional } from '../../lib/openapi.js';
import type { AppContext } from '../../context.js';
import { createIdeasService } from './ideas.service.js';
import { attachmentDisposition, multipartBody, sendPage } from '../../lib/http.js';
import { fileResponse } from '../../lib/openapi.js';
import { uploadedFile } from '../../lib/uploads.js';
import { IDEA_ATTACHMENT_MAX_BYTES } from '@agora/shared';
import { IDEA_ATTACHMENT_TOO_LARGE } from './ideas.attachments.service.js';

const IdParam = z.object({ id: z.string().max(100) });
const CommentParams = z.object({ id: z.string().max(100), commentId: z.string().max(100) });
const UserParam = z.object({ userId: z.string().max(100) });
const AttachmentParams = z.object({ id: z.string().max(100), attachmentId: z.string().max(100) });
const AttachmentParts = z.object({ file: FilePart.optional() });
const Message = z.object({ message: z.string() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['ideas'];
const HOUR_MS = 3_600_000;

/** HTTP routes of the ideas area (spec 02 §7), mounted at /api/ideas. */
export function ideasRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const svc = createIdeasService(ctx);
  return async (app) => {
    app.get(
      '/',
      {
        config: { cache: { tables: ['ideas', 'users'] } },
        schema: {
          tags,
          summary: 'Public ideas by category and sort, with pages',
          description: '`author=me` lists the caller’s own ideas (401 without a token).',
          security: bearerOptional,
          querystring: ListIdeasQuery,
          response: { 200: IdeaList, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (req) => svc.list(req.user, req.query),
    );

    app.get(
      '/categories',
      {
        config: { cache: { tables: ['ideas'] } },
        schema: { tags, summary: 'Ideas per category in use', response: { 200: IdeaCategoryCounts } },
      },
      async () => svc.categories(),
    );

    app.get(
      '/search',
      {
        config: { cache: { tables: ['ideas', 'users'] } },
        schema: {
          tags,
          summary: 'Full-text search over public ideas',
          querystring: IdeaSearchQuery,
          response: { 200: z.array(IdeaSearchHit), 400: ErrorBody },
        },
      },
      async (req) => svc.search(req.query.q, req.query.match),
    );

    app.post(
      '/',
      {
        schema: {
          tags,
          summary: 'Shares an idea',
          security: bearer,
          body: CreateIdeaBody,
          response: { 201: Idea, ...errors },
        },
      },
      async (req, reply) => reply.status(201).send(await svc.create(req.user!, req.body)),
    );

    app.get(
      '/user/:userId/hidden',
      {
        schema: {
          tags,
          summary: 'A user’s hidden ideas (that user and admins)',
          security: bearer,
          params: UserParam,
          querystring: HiddenIdeasQuery,
          response: { 200: IdeaList, ...errors },
        },
      },
      async (req) => svc.hiddenOf(req.user!, req.params.userId, req.query.page, req.query.limit),
    );

    app.get(
      '/:id',
      {
        schema: {
          tags,
          summary: 'One idea with its first comments (a hidden one only for its author and admins)',
          security: bearerOptional,
          params: IdParam,
          response: { 200: IdeaDetail, 404: ErrorBody },
        },
      },
      async (req) => svc.detail(req.user, req.params.id, viewerKey(req)),
    );

    app.delete(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Deletes an idea (its author or an admin)',
          security: bearer,
          params: IdParam,
          response: { 200: Message, ...errors },
        },
      },
      async (req) => {
        await svc.remove(req.user!, req.params.id);
        return { message: 'Idea deleted' };
      },
    );

    app.put(
      '/:id/hide',
      {
        schema: {
          tags,
          summary: 'Hides an idea from the public lists',
          security: bearer,
          params: IdParam,
          response: { 200: Idea, ...errors },
        },
      },
      async (req) => svc.setHidden(req.user!, req.params.id, true),
    );

    app.put(
      '/:id/restore',
      {
        schema: {
          tags,
          summary: 'Shows a hidden idea again (never a merged one: 409)',
          security: bearer,
          params: IdParam,
          response: { 200: Idea, ...errors, 409: ErrorBody },
        },
      },
      async (req) => svc.setHidden(req.user!, req.params.id, false),
    );

    app.post(
      '/:id/like',
      {
        schema: {
          tags,
          summary: 'Likes the idea, or takes the like back',
          security: bearer,
          params: IdParam,
          response: { 200: LikeResult, ...errors },
        },
      },
      async (req) => svc.toggleLike(req.user!, req.params.id),
    );

    app.get(
      '/:id/comments',
      {
        schema: {
          tags,
          summary:
            'Comments before a cursor (IdeaDetail.commentsCursor, then X-Next-Cursor), oldest first; hidden ideas only for their author',
          security: bearerOptional,
          params: IdParam,
          querystring: IdeaCommentsQuery,
          response: { 200: z.array(IdeaComment), 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (req, reply) => {
        const page = await svc.comments(req.user, req.params.id, req.query.before, req.query.limit);
        // CONTRACT §3: the list stays an array; the cursor of the page before travels in X-Next-Cursor.
        return sendPage(reply, page, page.comments);
      },
    );

    app.post(
      '/:id/comments',
      {
        schema: {
          tags,
          summary: 'Comments on an idea',
          security: bearer,
          params: IdParam,
          body: CommentBody,
          response: { 201: IdeaComment, ...errors },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await svc.addComment(req.user!, req.params.id, req.body.content)),
    );

    app.delete(
      '/:id/comments/:commentId',
      {
        schema: {
          tags,
          summary: 'Deletes a comment (its author, the idea’s author or an admin)',
          security: bearer,
          params: CommentParams,
          response: { 200: z.object({ message: z.string(), commentCount: z.number().int() }), ...errors },
        },
      },
      async (req) => ({
        message: 'Comment deleted',
        ...(await svc.removeComment(req.user!, req.params.id, req.params.commentId)),
      }),
    );

    app.post(
      '/:id/follow',
      {
        schema: {
          tags,
          summary: 'Follows an idea: its status changes, official responses and merges reach the caller',
          security: bearer,
          params: IdParam,
          response: { 200: IdeaFollowResult, ...errors },
        },
      },
      async (req) => svc.follow(req.user!, req.params.id),
    );

    app.delete(
      '/:id/follow',
      {
        schema: {
          tags,
          summary: 'Stops following an idea (its author and commenters too)',
          security: bearer,
          params: IdParam,
          response: { 200: IdeaFollowResult, ...errors },
        },
      },
      async (req) => svc.unfollow(req.user!, req.params.id),
    );

    app.patch(
      '/:id/status',
      {
        schema: {
          tags,
          summary: 'Sets the idea’s status with an optional note (its author or an admin; never merged)',
          security: bearer,
          params: IdParam,
          body: IdeaStatusBody,
          response: { 200: IdeaDetail, ...errors, 409: ErrorBody },
        },
      },
      async (req) => svc.setStatus(req.user!, req.params.id, req.body),
    );

    app.post(
      '/:id/attachments',
      {
        preValidation: [
          multipartBody({
            fileField: 'file',
            maxBytes: IDEA_ATTACHMENT_MAX_BYTES,
            tooLarge: IDEA_ATTACHMENT_TOO_LARGE,
          }),
        ],
        config: {
          rateLimit: {
            max: ctx.config.uploadRateLimitPerHour.answerAttachments,
            timeWindow: HOUR_MS,
            keyGenerator: (req) => req.user?.id ?? req.ip,
          },
        },
        schema: {
          tags,
          summary:
            'Adds an image (PNG, JPEG, GIF, WebP) or a PDF to the author’s idea (multipart `file`, ≤ 10 MB, ≤ 5 per idea)',
          security: bearer,
          consumes: ['multipart/form-data'],
          params: IdParam,
          body: AttachmentParts,
          response: { 201: IdeaAttachmentResult, ...errors, 409: ErrorBody, 413: ErrorBody, 429: ErrorBody },
        },
      },
      async (req, reply) =>
        reply.status(201).send({
          attachment: await svc.addAttachment(req.user!, req.params.id, uploadedFile(req.body.file)),
        }),
    );

    app.delete(
      '/:id/attachments/:attachmentId',
      {
        schema: {
          tags,
          summary: 'Removes an attachment from the author’s idea',
          security: bearer,
          params: AttachmentParams,
          response: { 200: Message, ...errors },
        },
      },
      async (req) => {
        await svc.removeAttachment(req.user!, req.params.id, req.params.attachmentId);
        return { message: 'Attachment removed' };
      },
    );

    app.get(
      '/:id/attachments/:attachmentId',
      {
        schema: {
          tags,
          summary: 'An attachment’s file (a hidden idea’s only for its author)',
          security: bearerOptional,
          params: AttachmentParams,
          response: { 200: fileResponse('The image or document, as stored'), 404: ErrorBody },
        },
      },
      async (req, reply) => {
        const { row, data } = await svc.attachmentFile(req.user, req.params.id, req.params.attachmentId);
        // Images show in place (cards, the gallery); a PDF downloads. Kept privately, briefly: hiding
        // the idea must stop its files soon.
        return reply
          .header('Content-Type', row.mimetype)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, max-age=300')
          .header(
            'Content-Security-Policy',
            "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
          )
          .header('Content-Length', data.size)
          .header(
            'Content-Disposition',
            row.kind === 'image' ? 'inline' : attachmentDisposition(row.originalName),
          )
          .send(data.body as never);
      },
    );

    app.post(
      '/:id/merge',
      {
        schema: {
          tags,
          summary:
            'Merges a duplicate into another idea (an admin, or the author of both): likes, comments and followers move',
          security: bearer,
          params: IdParam,
          body: IdeaMergeBody,
          response: { 200: IdeaDetail, ...errors, 409: ErrorBody },
        },
      },
      async (req) => svc.merge(req.user!, req.params.id, req.body.intoId),
    );
  };
}
