import {
  ErrorBody,
  Hackathon,
  HackathonGallery,
  HackathonIdParams,
  HackathonResults,
  HackathonSubmissionParams,
  JudgeInviteBody,
  JudgeList,
  JudgeParams,
  JudgeResult,
  JudgingQueue,
  JudgingSettingsBody,
  PublishResultsBody,
  ScoreBody,
  ScoreResult,
  VoteResult,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { depthCheckedJsonParser } from '../../lib/json-body.js';
import { bearerOptional, bearer as security } from '../../lib/openapi.js';
import { createHackathonJudging } from './hackathons.judging.service.js';

const tags = ['hackathons'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Judges, criteria, results and the people's choice (mounted with prefix '': full paths). */
export function hackathonJudgingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const judging = createHackathonJudging(ctx);

    // The vote is a POST without a body; a client that still says application/json sends an empty
    // one, which (in this plugin only, as in the hackathons routes) parses as "no body".
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      depthCheckedJsonParser(app.getDefaultJsonParser('error', 'ignore'), { emptyAsUndefined: true }),
    );

    app.patch(
      '/hackathons/:id/judging-settings',
      {
        schema: {
          tags,
          summary: 'Organiser sets the judging criteria and the team size, until the hackathon ends',
          security,
          params: HackathonIdParams,
          body: JudgingSettingsBody,
          response: { 200: Hackathon, ...errors },
        },
      },
      async (req) => judging.updateSettings(req.user!, req.params.id, req.body),
    );

    app.post(
      '/hackathons/:id/judges',
      {
        schema: {
          tags,
          summary: 'Organiser invites a judge by e-mail (notified, and e-mailed either way)',
          security,
          params: HackathonIdParams,
          body: JudgeInviteBody,
          response: { 201: JudgeResult, ...errors },
        },
      },
      async (req, reply) => {
        const judge = await judging.inviteJudge(req.user!, req.params.id, req.body.email);
        return reply.status(201).send({ judge });
      },
    );

    app.get(
      '/hackathons/:id/judges',
      {
        schema: {
          tags,
          summary: "The hackathon's judges with their progress (organiser and admins)",
          security,
          params: HackathonIdParams,
          response: { 200: JudgeList, ...errors },
        },
      },
      async (req) => ({ judges: await judging.listJudges(req.user!, req.params.id) }),
    );

    app.delete(
      '/hackathons/:id/judges/:judgeId',
      {
        schema: {
          tags,
          summary: 'Organiser removes a judge (and their scores) before the results are published',
          security,
          params: JudgeParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (req, reply) => {
        await judging.removeJudge(req.user!, req.params.id, req.params.judgeId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/hackathons/:id/judging',
      {
        schema: {
          tags,
          summary: "A judge's submissions to score (all but their own team's), with their sheets",
          security,
          params: HackathonIdParams,
          response: { 200: JudgingQueue, ...errors },
        },
      },
      async (req) => judging.queue(req.user!, req.params.id),
    );

    app.put(
      '/hackathons/:id/submissions/:sid/score',
      {
        schema: {
          tags,
          summary: 'A judge scores a submission 1–5 on every criterion (re-scoring replaces)',
          security,
          params: HackathonSubmissionParams,
          body: ScoreBody,
          response: { 200: ScoreResult, ...errors },
        },
      },
      async (req) => ({ score: await judging.score(req.user!, req.params.id, req.params.sid, req.body) }),
    );

    app.get(
      '/hackathons/:id/results',
      {
        schema: {
          tags,
          summary:
            'Results ranked by per-judge normalized totals (organiser and judges; everyone once published)',
          security: bearerOptional,
          params: HackathonIdParams,
          response: { 200: HackathonResults, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (req) => judging.results(req.user, req.params.id),
    );

    app.post(
      '/hackathons/:id/results/publish',
      {
        schema: {
          tags,
          summary: 'Organiser publishes the results after the end (places default to the top three)',
          security,
          params: HackathonIdParams,
          body: PublishResultsBody,
          response: { 200: HackathonResults, ...errors },
        },
      },
      async (req) => judging.publish(req.user!, req.params.id, req.body),
    );

    app.get(
      '/hackathons/:id/gallery',
      {
        schema: {
          tags,
          summary:
            "The submissions after the end, to vote from, with the caller's vote (counts once published)",
          security,
          params: HackathonIdParams,
          response: { 200: HackathonGallery, ...errors },
        },
      },
      async (req) => judging.gallery(req.user!, req.params.id),
    );

    app.post(
      '/hackathons/:id/submissions/:sid/vote',
      {
        schema: {
          tags,
          summary: "People's choice: one vote per person per hackathon after the end (a second moves it)",
          security,
          params: HackathonSubmissionParams,
          response: { 200: VoteResult, ...errors },
        },
      },
      async (req) => ({ vote: await judging.vote(req.user!, req.params.id, req.params.sid) }),
    );
  };
}
