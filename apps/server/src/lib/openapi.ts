import { ErrorBody } from '@agora/shared';
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The OpenAPI document is generated from the route schemas (fastify-type-provider-zod through
 * @fastify/swagger) and then completed here, once, with what every route has by its nature rather
 * than by its own schema: the errors the framework and the shared plugins send (a malformed body,
 * a missing token, a rate limit, an outage), the headers that travel with them, no content on a
 * 204, `null` in nullable enums, an operation id and a summary. docs/decisions/071.
 */

type SecurityRequirement = Record<string, string[]>;
type Json = Record<string, unknown>;

/** An operation that needs a signed-in caller: the auth plugin refuses it (401) before the body is read. */
export const bearer: SecurityRequirement[] = [{ bearer: [] }];
/** An operation that serves visitors and signed-in users alike (a token changes what it shows). */
export const bearerOptional: SecurityRequirement[] = [{}, { bearer: [] }];

/** Whether a route's `security` makes a bearer token mandatory (no anonymous alternative). */
export function requiresBearer(security: unknown): boolean {
  if (!Array.isArray(security) || security.length === 0) return false;
  return security.every((req) => req && typeof req === 'object' && 'bearer' in req);
}

type ZodLike = { safeParse(v: unknown): { success: boolean }; _zod?: { def: Record<string, unknown> } };

/** The schema inside optional/nullable/default/prefault/pipe wrappers. */
function unwrap(schema: ZodLike): ZodLike {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const def = s._zod?.def;
    if (!def) return s;
    const inner = (def.innerType ?? (def.type === 'pipe' ? def.in : undefined)) as ZodLike | undefined;
    if (!inner) return s;
    s = inner;
  }
  return s;
}

const refuses = (schema: ZodLike, value: unknown): boolean => {
  try {
    return !schema.safeParse(value).success;
  } catch {
    return false; // an async refinement: left as documented
  }
};

/**
 * A request schema as strict in the document as on the server: a property the server refuses when
 * it is absent is required (a default that itself fails, a nullish text that must not be blank),
 * and one it refuses as null is not nullable — whatever optional/nullish wrapper zod's input
 * schema shows. Decided by parsing, so the document follows the schema, never a list.
 */
function tightenRequest(zodSchema: ZodLike, json: Json | undefined): void {
  if (!json || typeof json !== 'object') return;
  const inner = unwrap(zodSchema);
  const def = inner._zod?.def;
  if (!def) return;
  if (def.type === 'array' && json.items) {
    tightenRequest(def.element as ZodLike, json.items as Json);
    return;
  }
  if (def.type !== 'object' || !json.properties) return;
  const shape = def.shape as Record<string, ZodLike>;
  const properties = json.properties as Record<string, Json>;
  for (const [key, prop] of Object.entries(shape)) {
    const pj = properties[key];
    if (!pj) continue;
    const required = (json.required as string[] | undefined) ?? [];
    if (!required.includes(key) && refuses(prop, undefined)) json.required = [...required, key];
    if (pj.nullable === true && refuses(prop, null)) delete pj.nullable;
    tightenRequest(prop, pj);
  }
}

/** The route transform: zod → JSON Schema (fastify-type-provider-zod), then requests tightened. */
export const routeSchemaTransform: SwaggerTransform = (args) => {
  const out = jsonSchemaTransform(args) as { schema: Json; url: string };
  const source = (args.schema ?? {}) as Record<string, unknown>;
  for (const part of ['body', 'querystring', 'params', 'headers']) {
    const zodSchema = source[part] as ZodLike | undefined;
    if (zodSchema && typeof zodSchema.safeParse === 'function')
      tightenRequest(zodSchema, out.schema?.[part] as Json);
  }
  return out as ReturnType<SwaggerTransform>;
};

/** Routes the per-client rate limits never count (plugins/client-limits.ts EXEMPT). */
const NOT_RATE_LIMITED = [/^\/api\/payments\/webhook$/, /^\/api\/health/];

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Json }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Json }> };
  responses: Record<string, ResponseObject>;
}
interface ResponseObject {
  $ref?: string;
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: Json }>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

const errorRef = { $ref: '#/components/schemas/Error' };
const errorContent = { 'application/json': { schema: errorRef } };

/** The error responses, once each, by status (CONTRACT §3). */
const ERROR_RESPONSES: Record<string, { name: string; description: string; retryAfter?: boolean }> = {
  '400': {
    name: 'BadRequest',
    description:
      'The request is malformed or fails validation (`code: VALIDATION` names the fields in `details`)',
  },
  '401': { name: 'Unauthorized', description: 'No token, or an expired, revoked or idle one' },
  '403': { name: 'Forbidden', description: 'Signed in but not allowed' },
  '404': { name: 'NotFound', description: 'Absent, or not visible to this caller' },
  '408': { name: 'RequestTimeout', description: 'The body did not arrive in time; the connection is closed' },
  '409': { name: 'Conflict', description: 'In conflict with the current state' },
  '413': { name: 'PayloadTooLarge', description: 'The body or the upload is too large' },
  '414': { name: 'UriTooLong', description: 'A path parameter is too long' },
  '415': {
    name: 'UnsupportedMediaType',
    description: 'The body has a content type this operation does not take',
  },
  '429': {
    name: 'TooManyRequests',
    description: 'Rate limited: try again after `Retry-After` seconds',
    retryAfter: true,
  },
  '500': { name: 'InternalError', description: 'A fault of the server; the message carries the request id' },
  '502': { name: 'BadGateway', description: 'A provider the server depends on failed' },
  '503': {
    name: 'ServiceUnavailable',
    description: 'Starting, upgrading, or a dependency is down: try again after `Retry-After` seconds',
    retryAfter: true,
  },
};

const HEADERS = {
  RetryAfter: {
    description: 'Seconds to wait before trying again',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  NextCursor: {
    description: 'The opaque cursor of the next page (pass it as `cursor`); absent on the last page',
    schema: { type: 'string' },
  },
  TotalCount: {
    description: 'How many items the whole list has, where the list counts them',
    schema: { type: 'integer', minimum: 0 },
  },
  ContentDisposition: {
    description: 'The file name to save the file under',
    schema: { type: 'string' },
  },
};

const errorSchemaText = JSON.stringify(
  z.toJSONSchema(ErrorBody, { target: 'openapi-3.0', io: 'output' }),
  (k, v) => (k === '$schema' ? undefined : v),
);

function isErrorSchema(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if ((schema as Json).$ref === errorRef.$ref) return true;
  return JSON.stringify(schema) === errorSchemaText;
}

/** `POST /api/jobs/{id}/renew` → `postJobsIdRenew`: stable, unique, and a method name in any client. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * OpenAPI 3.0: `nullable` adds null only to a `type` in the same schema, and an `enum` must list
 * null itself to accept it. A nullable union is made nullable branch by branch.
 */
function fixNullable(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const s of schema) fixNullable(s);
    return;
  }
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Json;
  if (s.nullable === true) {
    if (Array.isArray(s.enum) && !s.enum.includes(null)) s.enum.push(null);
    const union = (s.anyOf ?? s.oneOf) as Json[] | undefined;
    if (s.type === undefined && Array.isArray(union)) {
      delete s.nullable;
      for (const branch of union) {
        if (branch.type !== undefined || Array.isArray(branch.anyOf) || Array.isArray(branch.oneOf))
          branch.nullable = true;
      }
    }
  }
  for (const [key, value] of Object.entries(s)) {
    if (key === 'enum' || key === 'default' || key === 'example') continue;
    if (value && typeof value === 'object') fixNullable(value);
  }
}

function errorResponse(status: string): ResponseObject {
  const known = ERROR_RESPONSES[status];
  if (known) return { $ref: `#/components/responses/${known.name}` };
  return { description: 'Error', content: errorContent };
}

/**
 * The document pass (@fastify/swagger's transformObject): the statuses every operation can send
 * by its nature, their shared responses and headers, and the OpenAPI 3.0 details.
 */
export function completeDocument<T extends object>(document: T): T {
  const doc = document as Json;
  const components = (doc.components ?? {}) as Json;
  components.schemas = { ...((components.schemas as Json) ?? {}), Error: JSON.parse(errorSchemaText) };
  components.headers = HEADERS;
  components.responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map((r) => [
      r.name,
      {
        description: r.description,
        ...(r.retryAfter ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } : {}),
        content: errorContent,
      },
    ]),
  );
  doc.components = components;

  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      op.operationId ??= operationIdOf(method, path);
      op.summary ??=
        op.description?.split(/(?<=\.)\s/)[0]?.slice(0, 120) ?? `${method.toUpperCase()} ${path}`;
      // No `security`: a public operation, said explicitly (a token is neither needed nor used).
      op.security ??= [];
      const responses = op.responses;
      for (const [status, response] of Object.entries(responses)) {
        if (status === '204' || status === '304') {
          delete response.content;
          if (!response.description || response.description === 'Default Response')
            response.description = 'No content';
          continue;
        }
        if (Number(status) >= 400 && !response.headers) {
          const content = response.content;
          const only = content && Object.keys(content).length === 1 ? content['application/json'] : undefined;
          if (only && isErrorSchema(only.schema)) responses[status] = errorResponse(status);
        }
      }
      const add = (status: string) => {
        if (!responses[status]) responses[status] = errorResponse(status);
      };
      const params = op.parameters ?? [];
      const takesBody = Boolean(op.requestBody) || BODY_METHODS.has(method);
      if (params.length > 0 || takesBody) add('400');
      if (requiresBearer(op.security)) add('401');
      if (params.some((p) => p.in === 'path')) add('414');
      if (takesBody) {
        add('408');
        add('413');
        add('415');
      }
      if (path.startsWith('/api/') && !NOT_RATE_LIMITED.some((re) => re.test(path))) add('429');
      add('500');
      // Liveness answers from the process alone; everything else can meet an outage or a start.
      if (path !== '/api/health') add('503');
      // Lists send their next page's cursor (and, some, their total) in headers (lib/http.ts).
      if (params.some((p) => p.in === 'query' && (p.name === 'cursor' || p.name === 'before'))) {
        const ok = responses['200'];
        if (ok && !ok.$ref) {
          ok.headers = {
            'X-Next-Cursor': { $ref: '#/components/headers/NextCursor' },
            'X-Total-Count': { $ref: '#/components/headers/TotalCount' },
            ...ok.headers,
          };
        }
      }
      for (const [status, response] of Object.entries(responses)) {
        const types = Object.keys(response.content ?? {});
        if (status.startsWith('2') && types.length > 0 && !types.includes('application/json')) {
          response.headers = {
            'Content-Disposition': { $ref: '#/components/headers/ContentDisposition' },
            ...response.headers,
          };
        }
      }
      fixNullable(op.parameters);
      fixNullable(op.requestBody);
      fixNullable(op.responses);
    }
  }
  return document;
}

/**
 * A 200 that is a file, not JSON: `*\/*` when its type is the stored file's own (with
 * Content-Disposition, added by the document pass to every non-JSON success).
 */
export const fileResponse = (description: string, mediaType = '*/*') => ({
  description,
  content: { [mediaType]: { schema: z.string().meta({ format: 'binary' }) } },
});
