import { Idea, Job, JobListResult, Overview, Question } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { parsesAsItEncodes } from './response-serializer.js';

describe('parsesAsItEncodes', () => {
  it('accepts schemas whose nodes only check', () => {
    const Tree: z.ZodType<{ name: string; children: unknown[] }> = z.lazy(() =>
      z.object({ name: z.string().max(10), children: z.array(Tree) }),
    );
    for (const schema of [
      z.object({ n: z.number().int().nonnegative(), s: z.string().min(1).regex(/^a/), b: z.boolean() }),
      z.array(z.object({ at: z.iso.datetime(), tags: z.array(z.string()).max(5) })),
      z.union([z.literal('a'), z.enum(['b', 'c']), z.null()]),
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('x'), x: z.number() }),
        z.object({ kind: z.literal('y'), y: z.string().nullable().optional() }),
      ]),
      z.record(z.string(), z.number().int()),
      z.tuple([z.string(), z.number()]),
      z.object({ a: z.string() }).and(z.object({ b: z.string() })),
      z.object({ a: z.string() }).refine((o) => o.a !== 'x'),
      Tree,
    ]) {
      expect(parsesAsItEncodes(schema)).toBe(true);
    }
  });

  it('refuses any node that converts a value, however deep', () => {
    const isoDate = z.codec(z.iso.datetime(), z.date(), {
      decode: (s) => new Date(s),
      encode: (d) => d.toISOString(),
    });
    for (const converting of [
      z.string().transform((s) => s.length),
      z.string().trim(),
      z.string().toLowerCase(),
      z.number().default(0),
      z.number().catch(0),
      z.preprocess((v) => String(v), z.string()),
      z.string().pipe(z.string()),
      isoDate,
    ]) {
      expect(parsesAsItEncodes(converting)).toBe(false);
      expect(parsesAsItEncodes(z.object({ page: z.array(z.object({ deep: converting.optional() })) }))).toBe(
        false,
      );
      expect(parsesAsItEncodes(z.union([z.null(), converting]))).toBe(false);
    }
  });

  it('the heavy list responses are parsed, and parsing gives what encoding gave', () => {
    for (const schema of [Overview, Question, Idea, Job, JobListResult])
      expect(parsesAsItEncodes(schema)).toBe(true);
    const day = {
      signups: 1,
      questions: 2,
      answers: 3,
      paidAmount: 4,
      rewardsDistributed: 5,
      withdrawals: 6,
      ideas: 7,
      hackathonRegistrations: 8,
      jobsPosted: 9,
    };
    const overview = {
      from: '2026-01-01',
      to: '2026-01-02',
      totals: {
        ...day,
        users: 1,
        pendingHackathons: 0,
        pendingJobs: 0,
        pendingWithdrawals: 0,
        mailPending: 0,
        mailFailed: 0,
        secret: 'x',
      },
      rangeTotals: { ...day, extra: true },
      series: {
        signups: [1, 0],
        questions: [2, 0],
        answers: [3, 0],
        paidAmount: [4, 0],
        rewardsDistributed: [5, 0],
        withdrawals: [6, 0],
        ideas: [7, 0],
        hackathonRegistrations: [8, 0],
        jobsPosted: [9, 0],
        internal: [1, 1],
      },
      alerts: [],
    };
    const parsed = Overview.safeParse(overview);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(Overview.safeEncode(overview).data);
    expect(JSON.stringify(parsed.data)).not.toMatch(/secret|extra|internal/);
  });
});

describe('the app serializes responses through its schema', () => {
  let t: TestApp;
  const Shown = z.object({ id: z.string(), count: z.number().int() });
  const Stamped = z.object({
    at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
  });
  beforeAll(async () => {
    t = await buildTestApp({
      beforeReady: (app) => {
        app.get('/api/test/shown', { schema: { response: { 200: Shown } } }, async () => ({
          id: 'a',
          count: 2,
          passwordHash: 'never sent',
        }));
        app.get('/api/test/bad', { schema: { response: { 200: Shown } } }, async () => ({
          id: 'a',
          count: 1.5,
        }));
        app.get('/api/test/stamped', { schema: { response: { 200: Stamped } } }, async () => ({
          at: new Date('2026-11-24T10:00:00.000Z'),
        }));
      },
    });
  });
  afterAll(() => t.close());

  it('strips what the schema does not name', async () => {
    const res = await t.app.inject({ url: '/api/test/shown' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'a', count: 2 });
    expect(res.body).not.toContain('passwordHash');
  });

  it('answers 500 when a response breaks its schema (a check the parse still runs)', async () => {
    const res = await t.app.inject({ url: '/api/test/bad' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'INTERNAL' });
    expect(res.body).not.toContain('1.5');
  });

  it('still encodes a schema with a codec (its output side)', async () => {
    const res = await t.app.inject({ url: '/api/test/stamped' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ at: '2026-11-24T10:00:00.000Z' });
  });
});
