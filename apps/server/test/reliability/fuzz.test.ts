// Fuzzing from the API description: every operation of the published OpenAPI document gets
// generated requests — valid, boundary, malformed — as a visitor, a signed-in user, the owner of
// the world's objects, an admin and a bearer of a garbage token, from a fixed seed within a time
// and count bound. Pass: no 5xx, every error body in the CONTRACT shape, health still ok after.
//   FUZZ_SEED, FUZZ_BUDGET_MS (default 20 s), FUZZ_MAX_REQUESTS (default 6000) tune a run;
//   `npm run test:fuzz` runs a long one.
import { Writable } from 'node:stream';
import { CreateQuestionBody, HackathonCreateInput, ProjectSubmissionInput } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makePng } from '../../src/modules/questions/questions.fixtures.js';
import { buildTestApp, expectErrorBody, type TestApp, type TestUser } from '../helpers.js';
import {
  type FuzzRequest,
  generate,
  type IdPool,
  type JsonSchema,
  type Kind,
  type MultipartHint,
  type OpenApiDoc,
  operationsOf,
  Rng,
} from './openapi-fuzz.js';
import { buildWorld, PDF, resetPeople, type World } from './world.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_611);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 20_000);
const MAX_REQUESTS = Number(process.env.FUZZ_MAX_REQUESTS ?? 6000);
/** Every operation gets at least this many rounds (each identity, each kind) whatever the clock says. */
const MIN_ROUNDS = 5;

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    if (logLines.length > 5000) logLines.splice(0, 1000);
    done();
  },
});

let t: TestApp;
let world: World;
let doc: OpenApiDoc;

function inputSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;
}

const multipartHints: Record<string, MultipartHint> = {
  'POST /api/questions': {
    fileField: 'image',
    fields: inputSchema(CreateQuestionBody),
    file: () => ({ name: 'photo.png', type: 'image/png', data: makePng(3, 3) }),
  },
  'POST /api/questions/{id}/answers/upload': {
    fileField: 'attachment',
    fields: null,
    file: () => ({ name: 'notes.pdf', type: 'application/pdf', data: PDF }),
  },
  'POST /api/hackathons/submit': {
    fileField: 'image',
    fields: inputSchema(HackathonCreateInput),
    file: () => ({ name: 'banner.png', type: 'image/png', data: makePng(4, 2) }),
  },
  'POST /api/hackathons/{id}/submit': {
    fileField: 'submissionFile',
    fields: inputSchema(ProjectSubmissionInput),
    file: () => ({ name: 'project.pdf', type: 'application/pdf', data: PDF }),
  },
};

function idPool(w: World): IdPool {
  const i = w.ids;
  const byKind: Record<string, string[]> = {
    question: [i.question, i.unpaidQuestion, i.paidQuestion, i.hiddenQuestion, i.distributedQuestion],
    answer: [i.answerOfAnswerer, i.answerOfOther],
    idea: [i.idea, i.hiddenIdea],
    comment: [i.comment],
    hackathon: [i.hackathon, i.pendingHackathon],
    submission: [i.submission],
    job: [i.job, i.pendingJob],
    withdrawal: [i.withdrawal],
    order: [i.order],
    user: [w.admin.user.id, w.owner.user.id, w.other.user.id, w.answerer.user.id],
  };
  const prefixes: [RegExp, string][] = [
    [/^\/api\/(admin\/)?questions\//, 'question'],
    [/^\/api\/(admin\/)?ideas\/user\//, 'user'],
    [/^\/api\/(admin\/)?ideas\//, 'idea'],
    [/^\/api\/(admin\/)?hackathons\//, 'hackathon'],
    [/^\/api\/(admin\/)?jobs\//, 'job'],
    [/^\/api\/admin\/withdrawals\//, 'withdrawal'],
    [/^\/api\/(admin\/)?users\//, 'user'],
  ];
  return {
    byKind,
    kindForPath(path, param) {
      if (param === 'sid') return 'submission';
      if (param === 'commentId') return 'comment';
      if (param === 'userId') return 'user';
      return prefixes.find(([re]) => re.test(path))?.[1] ?? null;
    },
  };
}

interface Identity {
  name: string;
  headers: () => Record<string, string>;
}

async function relogin(u: TestUser): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: u.user.email, password: 'correct horse battery' },
  });
  if (res.statusCode !== 200)
    throw new Error(`re-login of ${u.user.email} failed: ${res.statusCode} ${res.body}`);
  u.token = res.json().token;
  u.auth = { authorization: `Bearer ${u.token}` };
}

/** Logout, suspension or demotion sent by the fuzzer must not silently turn users into visitors. */
async function restoreIdentities(): Promise<void> {
  await resetPeople(t, world);
  for (const u of [world.admin, world.owner, world.other]) {
    const me = await t.app.inject({ url: '/api/auth/me', headers: u.auth });
    if (me.statusCode !== 200) await relogin(u);
  }
}

function contractProblem(
  req: FuzzRequest,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
) {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  if (res.statusCode < 400 || req.method === 'HEAD') return null;
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) {
    return `error with content-type ${String(res.headers['content-type'])}`;
  }
  try {
    expectErrorBody(JSON.parse(res.body));
  } catch (err) {
    return (err as Error).message.slice(0, 200);
  }
  if (res.statusCode === 429 && !res.headers['retry-after']) return '429 without Retry-After';
  return null;
}

function serverErrorFor(requestId: string): string {
  const line = logLines.find((l) => l.includes(requestId));
  if (!line) return '';
  try {
    const j = JSON.parse(line);
    return `${j.msg}: ${j.err?.message ?? ''} ${String(j.err?.stack ?? '')
      .split('\n')
      .slice(1, 3)
      .join(' | ')}`.slice(0, 400);
  } catch {
    return line.slice(0, 300);
  }
}

beforeAll(async () => {
  t = await buildTestApp({ logger: { level: 'error', stream: logStream } });
  world = await buildWorld(t);
  const res = await t.app.inject('/api/docs/json');
  doc = res.json();
});
afterAll(() => t?.close());

describe('fuzzing from the OpenAPI document', () => {
  it('answers every generated request without a 5xx and with CONTRACT error bodies', async () => {
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(80);
    const rng = new Rng(SEED);
    const ids = idPool(world);
    const identities: Identity[] = [
      { name: 'user', headers: () => world.other.auth },
      { name: 'owner', headers: () => world.owner.auth },
      { name: 'admin', headers: () => world.admin.auth },
      { name: 'visitor', headers: () => ({}) },
      { name: 'user', headers: () => world.other.auth },
      { name: 'garbage-token', headers: () => ({ authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.' }) },
    ];
    const kinds: Kind[] = ['valid', 'boundary', 'malformed', 'boundary', 'malformed'];
    const failures = new Map<string, string>();
    const tally = {
      total: 0,
      valid: 0,
      boundary: 0,
      malformed: 0,
      s2xx: 0,
      s4xx: 0,
      s5xx: 0,
      rateLimited: 0,
    };
    const perOp = new Map<string, number>();
    const started = Date.now();
    const slow = new Map<string, number>();

    for (let round = 0; ; round++) {
      if (round >= MIN_ROUNDS && (Date.now() - started > BUDGET_MS || tally.total >= MAX_REQUESTS)) break;
      for (const [i, op] of ops.entries()) {
        const kind = kinds[(round + i) % kinds.length]!;
        // Shifts every full cycle of kinds, so each kind meets each identity on every operation.
        const who = identities[(round + Math.floor(round / kinds.length) + i) % identities.length]!;
        const req = generate(op, kind, { rng, ids, seq: perOp.get(op.key) ?? 0 }, { multipartHints });
        const t0 = performance.now();
        const res = await t.app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers: { ...req.headers, ...who.headers() },
          ...(req.payload !== undefined ? { payload: req.payload } : {}),
        });
        const dt = performance.now() - t0;
        slow.set(op.key, (slow.get(op.key) ?? 0) + dt);
        tally.total++;
        tally[kind]++;
        perOp.set(op.key, (perOp.get(op.key) ?? 0) + 1);
        if (res.statusCode === 429) tally.rateLimited++;
        if (res.statusCode >= 500) tally.s5xx++;
        else if (res.statusCode >= 400) tally.s4xx++;
        else tally.s2xx++;
        const problem = contractProblem(req, res);
        if (problem) {
          const key = `${op.key} [${req.label}] → ${problem}`;
          if (!failures.has(key)) {
            const rid = String(res.headers['x-request-id'] ?? '');
            failures.set(
              key,
              `as ${who.name}: ${req.method} ${req.url.slice(0, 160)} body=${String(req.payload ?? '').slice(0, 160)} ⇒ ${res.body.slice(0, 200)} ${serverErrorFor(rid)}`,
            );
          }
        }
      }
      await restoreIdentities();
    }

    const health = await t.app.inject('/api/health');
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `[fuzz] seed ${SEED}: ${tally.total} requests over ${ops.length} operations in ${seconds} s ` +
        `(valid ${tally.valid}, boundary ${tally.boundary}, malformed ${tally.malformed}; ` +
        `2xx ${tally.s2xx}, 4xx ${tally.s4xx} incl. 429 ${tally.rateLimited}, 5xx ${tally.s5xx}); ` +
        `min per operation ${Math.min(...perOp.values())}`,
    );
    if (process.env.FUZZ_VERBOSE) {
      const top = [...slow].sort((a, b) => b[1] - a[1]).slice(0, 10);
      console.log(top.map(([k, v]) => `[fuzz] slowest ${k}: ${v.toFixed(0)} ms in all`).join('\n'));
    }
    for (const [k, v] of failures) console.log(`[fuzz] FAIL ${k}\n        ${v}`);
    expect(health.statusCode).toBe(200);
    expect(health.json().status).toBe('ok');
    expect([...failures.keys()]).toEqual([]);
    // Every operation of the document was exercised, not only the easy ones.
    expect(perOp.size).toBe(ops.length);
    // The valid generator must actually get through somewhere (else it only tests the validator).
    expect(tally.s2xx).toBeGreaterThan(tally.total / 10);
  }, 600_000);
});
