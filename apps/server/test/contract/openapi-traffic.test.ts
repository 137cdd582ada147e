import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { completeDocument, requiresBearer } from '../../src/lib/openapi.js';
import { buildTestApp, expectErrorBody, signup, type TestApp } from '../helpers.js';
import { OpenApiValidator, takeContractViolations } from './openapi-validator.js';

// The OpenAPI document is the contract (docs/decisions/071). Every test app checks its responses
// against it (setup.ts); this file checks the document itself, the checker, and the order of
// authentication and validation over every operation.

// biome-ignore lint/suspicious/noExplicitAny: the document is read as loose JSON
type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const A_UUID = '00000000-0000-4000-8000-000000000000';

function operations(doc: Json): Array<{ method: string; path: string; op: Json }> {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] })),
  );
}

function walk(node: unknown, visit: (s: Json, at: string) => void, at = '#'): void {
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) walk(n, visit, `${at}/${i}`);
    return;
  }
  if (!node || typeof node !== 'object') return;
  visit(node as Json, at);
  for (const [k, v] of Object.entries(node))
    if (k !== 'enum' && k !== 'example') walk(v, visit, `${at}/${k}`);
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Json;
  beforeAll(async () => {
    t = await buildTestApp();
    doc = (await t.app.inject('/api/docs/json')).json();
  }, 60_000);
  afterAll(() => t?.close());

  it('declares the bearer scheme once and a security requirement on every operation', () => {
    expect(doc.components.securitySchemes).toEqual({
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    });
    const missing = operations(doc).filter(({ op }) => !Array.isArray(op.security));
    expect(missing.map((o) => `${o.method} ${o.path}`)).toEqual([]);
    // Every admin operation needs a token.
    const admin = operations(doc).filter((o) => o.path.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThan(15);
    expect(admin.filter((o) => !requiresBearer(o.op.security)).map((o) => o.path)).toEqual([]);
  });

  it('documents no content on every 204', () => {
    const with204 = operations(doc).filter(({ op }) => op.responses['204']);
    expect(with204.map((o) => `${o.method.toUpperCase()} ${o.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/logout',
        'POST /api/auth/keepalive',
        'DELETE /api/questions/{id}',
        'DELETE /api/admin/questions/{id}',
        'DELETE /api/admin/ideas/{id}',
      ]),
    );
    for (const { op } of with204) expect(op.responses['204'].content).toBeUndefined();
  });

  it('documents the errors each operation can send by its nature, with the error body and Retry-After', () => {
    expect(doc.components.schemas.Error.required).toEqual(['error', 'message', 'code']);
    const problems: string[] = [];
    for (const { method, path, op } of operations(doc)) {
      const has = (s: string) => Boolean(op.responses[s]);
      const key = `${method.toUpperCase()} ${path}`;
      if (requiresBearer(op.security) && !has('401')) problems.push(`${key}: 401`);
      if (op.requestBody && !(has('400') && has('413'))) problems.push(`${key}: 400/413`);
      if (op.requestBody && path !== '/api/payments/webhook' && !has('415')) problems.push(`${key}: 415`);
      if (!/^\/api\/(health|payments\/webhook)/.test(path) && !has('429')) problems.push(`${key}: 429`);
    }
    expect(problems).toEqual([]);
    expect(doc.components.responses.TooManyRequests.headers['Retry-After']).toBeTruthy();
    expect(doc.components.headers.RetryAfter.required).toBe(true);
    // A list's next page travels in X-Next-Cursor.
    expect(doc.paths['/api/questions/public'].get.responses['200'].headers['X-Next-Cursor']).toBeTruthy();
  });

  it('lists null in every nullable enum, and puts `nullable` only next to a type', () => {
    const wrong: string[] = [];
    walk(doc.paths, (s, at) => {
      if (s.nullable === true && Array.isArray(s.enum) && !s.enum.includes(null)) wrong.push(`enum ${at}`);
      if (s.nullable === true && s.type === undefined) wrong.push(`nullable without type ${at}`);
    });
    expect(wrong).toEqual([]);
  });

  it('documents the webhook: its signature header and its raw JSON body', () => {
    const op = doc.paths['/api/payments/webhook'].post;
    expect(op.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'x-razorpay-signature', required: true }),
    );
    expect(op.requestBody.content['application/json'].schema.required).toEqual(['event']);
  });

  it('requires in the document what the server requires: a job posting', () => {
    const body = doc.paths['/api/jobs'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(
      expect.arrayContaining(['title', 'description', 'company', 'location', 'category', 'contactEmail']),
    );
  });

  it('gives every operation a unique operationId and a summary', () => {
    const ops = operations(doc);
    expect(new Set(ops.map((o) => o.op.operationId)).size).toBe(ops.length);
    // Written next to the route, not the document pass's stand-in (`GET /api/…`).
    expect(
      ops
        .filter((o) => !o.op.summary || o.op.summary.startsWith(`${o.method.toUpperCase()} /`))
        .map((o) => o.path),
    ).toEqual([]);
  });
});

describe('authentication before validation', () => {
  let t: TestApp;
  let doc: Json;
  beforeAll(async () => {
    t = await buildTestApp();
    doc = (await t.app.inject('/api/docs/json')).json();
  }, 60_000);
  afterAll(() => t?.close());

  it('answers 401 to an unsigned request with an empty JSON body on every operation that needs a token, and never 401 elsewhere', async () => {
    const wrong: string[] = [];
    let secured = 0;
    for (const { method, path, op } of operations(doc)) {
      const url = path.replace(/\{[^}]+\}/g, A_UUID);
      const withBody = method !== 'get' && method !== 'delete';
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        ...(withBody ? { payload: {} } : {}),
      });
      const needsToken = requiresBearer(op.security);
      if (needsToken) secured++;
      if (needsToken !== (res.statusCode === 401))
        wrong.push(`${method.toUpperCase()} ${path} → ${res.statusCode}`);
      if (res.statusCode === 401) expectErrorBody(res.json());
    }
    expect(wrong).toEqual([]);
    expect(secured).toBeGreaterThan(80);
  }, 120_000);

  it('refuses an unsigned withdrawal request with {} as 401, and validates the body once signed in', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/withdrawals/request', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const u = await signup(t.app);
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawals/request',
      payload: {},
      headers: u.auth,
    });
    expect(signed.statusCode).toBe(400);
  });

  it('lets no route guard itself with a requireUser hook: its `security` is the guard', () => {
    const dir = fileURLToPath(new URL('../../src/modules', import.meta.url));
    const guarded: string[] = [];
    for (const area of readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)) {
      for (const file of readdirSync(join(dir, area)).filter((f) => f.endsWith('.routes.ts'))) {
        const text = readFileSync(join(dir, area, file), 'utf8');
        if (/(preHandler|preValidation|onRequest)\s*:[^\n]*requireUser|^\s*app\.requireUser,\s*$/m.test(text))
          guarded.push(file);
      }
    }
    expect(guarded).toEqual([]);
  });
});

describe('the traffic checker', () => {
  const doc = completeDocument({
    openapi: '3.0.3',
    components: {},
    paths: {
      '/api/things/{id}': {
        get: {
          parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { kind: { type: 'string', enum: ['a', 'b'], nullable: true } },
                    required: ['kind'],
                    additionalProperties: false,
                  },
                },
              },
            },
          },
        },
        post: {
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { name: { type: 'string' }, size: { type: 'string', enum: ['S', 'M'] } },
                  required: ['name'],
                },
              },
            },
          },
          responses: { '201': { description: 'made' } },
        },
        delete: {
          responses: {
            '204': { description: 'gone', content: { 'application/json': { schema: { type: 'string' } } } },
          },
        },
      },
    },
  });
  const v = new OpenApiValidator(doc as never);
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const get = (status: number, body: unknown, headers: Record<string, unknown> = json) =>
    v.check({ method: 'GET', route: '/api/things/:id', status, headers, body: JSON.stringify(body) });

  it('accepts a response the document describes, null in a nullable enum included', () => {
    expect(get(200, { kind: 'a' })).toEqual([]);
    expect(get(200, { kind: null })).toEqual([]);
    expect(
      v.check({ method: 'DELETE', route: '/api/things/:id', status: 204, headers: {}, body: '' }),
    ).toEqual([]);
  });

  it('reports an undocumented status, a body off its schema, a content type and a header the document lacks', () => {
    expect(get(418, { kind: 'a' })[0]).toContain('status not documented');
    expect(get(200, { kind: 'c' })[0]).toContain('does not match the documented schema');
    expect(get(200, { kind: 'a', extra: 1 })[0]).toContain('does not match');
    expect(get(200, 'x', { 'content-type': 'text/plain' })[0]).toContain('content type "text/plain"');
    expect(get(200, { kind: 'a' }, { ...json, 'x-next-cursor': 'abc' })[0]).toContain(
      'header x-next-cursor sent but not documented',
    );
    // 429 is documented on every rate-limited operation, with a required Retry-After.
    expect(get(429, { error: 'e', message: 'e', code: 'RATE_LIMITED' })[0]).toContain(
      'required header retry-after not sent',
    );
    expect(
      get(429, { error: 'e', message: 'e', code: 'RATE_LIMITED' }, { ...json, 'retry-after': '5' }),
    ).toEqual([]);
  });

  it('reports a body the server accepted but the document refuses (a document stricter than the server)', () => {
    expect(v.checkRequest('POST', '/api/things/:id', 201, { name: 'x' })).toEqual([]);
    expect(v.checkRequest('POST', '/api/things/:id', 201, {})[0]).toContain(
      'the server accepted a body the document refuses',
    );
    expect(v.checkRequest('POST', '/api/things/:id', 201, { name: null })[0]).toContain(
      '/name must be string',
    );
    // A value the route normalises (documented in its canonical form) is not held against it.
    expect(v.checkRequest('POST', '/api/things/:id', 201, { name: 'x', size: 'small' })).toEqual([]);
    // A refused body is the server agreeing with the document.
    expect(v.checkRequest('POST', '/api/things/:id', 400, {})).toEqual([]);
  });

  it('records what a test app really sends', async () => {
    const t = await buildTestApp({
      beforeReady: (app) => {
        app.get('/api/lying', { schema: { response: { 200: z.object({}) } } }, async (_req, reply) =>
          reply.code(202 as never).send({} as never),
        );
      },
    });
    try {
      takeContractViolations();
      await t.app.inject('/api/lying');
      expect(takeContractViolations()).toEqual([
        expect.stringContaining('GET /api/lying → 202: status not documented'),
      ]);
    } finally {
      await t.close();
    }
  });
});
