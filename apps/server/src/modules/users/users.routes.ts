import {
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
  ErrorBody,
  FilePart,
  MeResult,
  PROFILE_LIMITS,
  UpdateMeBody,
} from '@agora/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponse } from '../../lib/openapi.js';
import type { AppContext } from '../../context.js';
import { multipartBody, sendPrivateFile } from '../../lib/http.js';
import { uploadedFile } from '../../lib/uploads.js';
import { createResumeService } from './users.resume.service.js';
import type { SkillVocabulary } from './skills-extract.js';
import type { createUsersService } from './users.service.js';

export const Activity = z.object({
  ideas: z.number().int(),
  liked: z.number().int(),
  comments: z.number().int(),
});

/** PUT /api/users/me/resume (multipart): the file under `resume`. */
const ResumeParts = z.object({ resume: FilePart.optional() });
const SkillParams = z.object({ skill: z.string().trim().min(1).max(PROFILE_LIMITS.skillLength) });
const SuggestionsQuery = z.object({ q: z.string().max(PROFILE_LIMITS.skillLength).optional().default('') });
const SUGGESTIONS = 20;
export const SkillSuggestions = z.object({ skills: z.array(z.string()) });

const tags = ['users'];
const security = [{ bearer: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const HOUR_MS = 3_600_000;
/** Résumés one account may store per hour (each is read for skills). */
const RESUMES_PER_HOUR = 20;

/**
 * `users`: the app's one users service (modules/services.ts), which the auth routes use too.
 * `vocabulary`: the Jobs Hub's skills, wired by the app (profiles suggest from it, résumés are read
 * against it).
 */
export function usersRoutes(
  ctx: AppContext,
  users: ReturnType<typeof createUsersService>,
  vocabulary: SkillVocabulary,
): FastifyPluginAsyncZod {
  const resumes = createResumeService(ctx, vocabulary);
  return async (app) => {
    app.get(
      '/me',
      { schema: { tags, summary: 'The signed-in account', security, response: { 200: MeResult } } },
      async (req) => ({
        user: await users.me(req.user!),
      }),
    );
    app.put(
      '/me',
      {
        schema: {
          tags,
          summary: 'Changes the name or display name',
          security,
          body: UpdateMeBody,
          response: { 200: MeResult },
        },
      },
      async (req) => ({ user: await users.updateMe(req.user!, req.body) }),
    );
    app.get(
      '/me/activity',
      {
        schema: {
          tags,
          summary: 'Ideas authored, likes and comments received',
          security,
          response: { 200: Activity },
        },
      },
      async (req) => users.activity(req.user!),
    );

    app.put(
      '/me/resume',
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
            max: RESUMES_PER_HOUR,
            timeWindow: HOUR_MS,
            keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip,
          },
        },
        schema: {
          tags,
          summary:
            'Keeps a résumé on the caller’s profile (multipart: resume, PDF or DOCX ≤ 5 MB), replacing any earlier one; skills found in it become inferredSkills',
          consumes: ['multipart/form-data'],
          security,
          body: ResumeParts,
          response: { 200: MeResult, ...errors, 413: ErrorBody },
        },
      },
      async (req) => ({ user: await resumes.store(req.user!, uploadedFile(req.body.resume)) }),
    );
    app.get(
      '/me/resume',
      {
        schema: {
          tags,
          summary: 'The résumé kept on the caller’s profile (only to them)',
          security,
          response: { 200: fileResponse('The résumé, as stored'), 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (req, reply) => sendPrivateFile(reply, await resumes.open(req.user!)),
    );
    app.delete(
      '/me/resume',
      {
        schema: {
          tags,
          summary: 'Removes the résumé kept on the caller’s profile and the skills found in it',
          security,
          response: { 200: MeResult, 401: ErrorBody },
        },
      },
      async (req) => ({ user: await resumes.remove(req.user!) }),
    );
    app.delete(
      '/me/inferred-skills/:skill',
      {
        schema: {
          tags,
          summary: 'Removes one skill found in the caller’s résumé (compared ignoring case and synonyms)',
          security,
          params: SkillParams,
          response: { 200: MeResult, ...errors },
        },
      },
      async (req) => ({ user: await resumes.removeInferredSkill(req.user!, req.params.skill) }),
    );
    app.get(
      '/skill-suggestions',
      {
        schema: {
          tags,
          summary: 'Skills approved jobs ask for, most used first, starting with q (at most 20)',
          security,
          querystring: SuggestionsQuery,
          response: { 200: SkillSuggestions, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (req) => ({
        skills: (await vocabulary.suggest(req.query.q, SUGGESTIONS)).map((s) => s.skill),
      }),
    );
  };
}
