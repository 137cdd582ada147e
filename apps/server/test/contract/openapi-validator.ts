// Checks real responses against the server's own OpenAPI document (app.swagger()), as a validating
// proxy would: the status is documented for the operation, the content type is one it lists (or
// there is no body where it documents none), a JSON body matches its schema, required response
// headers are sent and the meaningful ones that are sent are documented. buildTestApp() installs it
// on every test app (recordContractViolations), so every API test is also a contract test.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export is the function under ESM interop.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
}
interface ResponseObject {
  $ref?: string;
  description?: string;
  headers?: Record<string, { $ref?: string; required?: boolean }>;
  content?: Record<string, MediaType>;
}
interface Operation {
  responses: Record<string, ResponseObject>;
}
type Doc = { paths: Record<string, Record<string, Operation>>; components?: Json };

export interface Exchange {
  method: string;
  /** The route's URL pattern as Fastify declares it (`/api/jobs/:id`). */
  route: string;
  status: number;
  headers: Record<string, unknown>;
  /** The body as sent: text or bytes (null when it is a stream, which is not read). */
  body: string | Buffer | null;
}

/** Headers with a meaning a client acts on: sending one the document does not name is a violation. */
const MEANINGFUL_HEADERS = [
  'x-next-cursor',
  'x-total-count',
  'retry-after',
  'content-disposition',
  'location',
];

/** OpenAPI 3.0 schema → what Ajv (draft-07) reads: boolean exclusive bounds become numbers. */
function toAjvSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toAjvSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const s = { ...(schema as Json) };
  if (s.exclusiveMinimum === true) {
    s.exclusiveMinimum = s.minimum;
    delete s.minimum;
  } else if (s.exclusiveMinimum === false) delete s.exclusiveMinimum;
  if (s.exclusiveMaximum === true) {
    s.exclusiveMaximum = s.maximum;
    delete s.maximum;
  } else if (s.exclusiveMaximum === false) delete s.exclusiveMaximum;
  for (const [k, v] of Object.entries(s)) {
    if (k === 'enum' || k === 'example' || k === 'default' || k === 'const') continue;
    if (v && typeof v === 'object') s[k] = toAjvSchema(v);
  }
  if (typeof s.$ref === 'string' && s.$ref.startsWith('#/')) s.$ref = `openapi.json${s.$ref}`;
  return s;
}

/** Fastify's `/api/jobs/:id` → OpenAPI's `/api/jobs/{id}`. */
export function openApiPath(route: string): string {
  return route.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/$/, '') || '/';
}

function mediaMatches(documented: string, actual: string): boolean {
  if (documented === '*/*') return true;
  if (documented.endsWith('/*')) return actual.startsWith(documented.slice(0, -1));
  return documented === actual;
}

export class OpenApiValidator {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction | Error>();

  constructor(private readonly doc: Doc) {
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ components: toAjvSchema(doc.components ?? {}) }, 'openapi.json');
  }

  private deref<T>(obj: T & { $ref?: string }): T {
    if (!obj?.$ref) return obj;
    const parts = obj.$ref.replace(/^#\//, '').split('/');
    let node: unknown = this.doc;
    for (const p of parts) node = (node as Json)[p.replace(/~1/g, '/').replace(/~0/g, '~')];
    return node as T;
  }

  private validator(key: string, schema: Json): ValidateFunction | Error {
    let v = this.compiled.get(key);
    if (!v) {
      try {
        v = this.ajv.compile(toAjvSchema(schema) as Json);
      } catch (err) {
        v = err as Error;
      }
      this.compiled.set(key, v);
    }
    return v;
  }

  /** Whether the document has this operation (hidden routes and unknown URLs are not checked). */
  operation(method: string, route: string): Operation | undefined {
    const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    return this.doc.paths[openApiPath(route)]?.[m];
  }

  /**
   * A JSON body the server accepted (2xx) must have what the document requires: a required property
   * the server did without, or a `null` it took where the document says non-null, means the
   * document is stricter than the server (these are what lib/openapi.ts adds to zod's schema).
   * Values a route normalises before validating (an earlier category name, a timestamp cut to its
   * date) are documented in their canonical form, so enum, format and pattern are not held here.
   */
  checkRequest(method: string, route: string, status: number, body: unknown): string[] {
    if (status < 200 || status >= 300) return [];
    const op = this.operation(method, route) as
      | (Operation & { requestBody?: { content?: Record<string, MediaType> } })
      | undefined;
    const schema = op?.requestBody?.content?.['application/json']?.schema;
    if (!schema) return [];
    const where = `${method} ${openApiPath(route)} → ${status}`;
    const validate = this.validator(`${where}|request`, schema);
    if (validate instanceof Error)
      return [`${where}: the request schema does not compile: ${validate.message}`];
    if (validate(body)) return [];
    const valueAt = (pointer: string): unknown =>
      pointer
        .split('/')
        .slice(1)
        .reduce<unknown>(
          (v, k) => (v && typeof v === 'object' ? (v as Json)[k.replace(/~1/g, '/')] : undefined),
          body,
        );
    const errors = (validate.errors ?? [])
      .filter((e) => e.keyword === 'required' || (e.keyword === 'type' && valueAt(e.instancePath) === null))
      .slice(0, 5)
      .map((e) => `${e.instancePath || '(body)'} ${e.message}`);
    if (errors.length === 0) return [];
    return [`${where}: the server accepted a body the document refuses: ${errors.join('; ')}`];
  }

  /** The violations of one exchange (empty when it matches the document). */
  check(x: Exchange): string[] {
    const op = this.operation(x.method, x.route);
    if (!op) return [];
    const where = `${x.method} ${openApiPath(x.route)} → ${x.status}`;
    const status = String(x.status);
    const raw = op.responses[status] ?? op.responses[`${status[0]}XX`] ?? op.responses.default;
    if (!raw)
      return [`${where}: status not documented (documented: ${Object.keys(op.responses).join(', ')})`];
    const response = this.deref(raw);
    const out: string[] = [];

    // Headers: required ones sent, meaningful ones documented.
    const documented = Object.fromEntries(
      Object.entries(response.headers ?? {}).map(([k, h]) => [k.toLowerCase(), this.deref(h)]),
    );
    for (const [name, h] of Object.entries(documented)) {
      if (h.required && x.headers[name] === undefined) out.push(`${where}: required header ${name} not sent`);
    }
    for (const name of MEANINGFUL_HEADERS) {
      if (x.headers[name] !== undefined && !documented[name])
        out.push(`${where}: header ${name} sent but not documented`);
    }

    // A 204 or 304 never carries a body on the wire (Fastify drops whatever was serialised).
    if (x.status === 204 || x.status === 304) return out;
    const length = x.body === null ? -1 : x.body.length;
    const isHead = x.method.toUpperCase() === 'HEAD';
    if (!response.content) {
      if (length > 0 && !isHead) out.push(`${where}: a body is sent where the document says no content`);
      return out;
    }
    if (length === 0 || isHead) {
      out.push(`${where}: no body, but the document describes one`);
      return out;
    }
    const type = String(x.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    const mediaKey = Object.keys(response.content).find((k) => mediaMatches(k, type));
    if (!mediaKey) {
      out.push(
        `${where}: content type "${type}" not documented (${Object.keys(response.content).join(', ')})`,
      );
      return out;
    }
    const schema = response.content[mediaKey]!.schema;
    if (!schema || x.body === null || !/[/+]json$/.test(type) || x.headers['content-encoding']) return out;
    let value: unknown;
    try {
      value = JSON.parse(x.body.toString());
    } catch {
      return [...out, `${where}: the body is not JSON`];
    }
    const validate = this.validator(`${where}|${mediaKey}`, schema);
    if (validate instanceof Error)
      return [...out, `${where}: the documented schema does not compile: ${validate.message}`];
    if (!validate(value)) {
      const errors = (validate.errors ?? [])
        .slice(0, 5)
        .map(
          (e) =>
            `${e.instancePath || '(body)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
        );
      out.push(`${where}: the body does not match the documented schema: ${errors.join('; ')}`);
    }
    return out;
  }
}

// ---------------------------------------------------------------- recording in tests

const store = globalThis as typeof globalThis & { __agoraContractViolations?: string[] };

function record(violations: string[]): void {
  store.__agoraContractViolations = [...(store.__agoraContractViolations ?? []), ...violations];
}

/** The violations recorded since the last call (the vitest setup file fails the test that made them). */
export function takeContractViolations(): string[] {
  const list = store.__agoraContractViolations ?? [];
  store.__agoraContractViolations = [];
  return list;
}

/**
 * Checks every response of `app` against its own document, recording violations. Added before
 * app.ready(); the document is read at the first response (after every route is registered).
 */
export function recordContractViolations(app: FastifyInstance): void {
  let validator: OpenApiValidator | null = null;
  // JSON bodies as the client sent them (the route's schema replaces req.body with its output).
  const sent = new WeakMap<FastifyRequest, unknown>();
  app.addHook('preValidation', (req, _reply, done) => {
    const body = req.body;
    if (
      body &&
      typeof body === 'object' &&
      !Buffer.isBuffer(body) &&
      /json/i.test(req.headers['content-type'] ?? '')
    )
      sent.set(req, structuredClone(body));
    done();
  });
  app.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const route = req.routeOptions?.url;
    // Routes without a schema are the ones tests add for themselves (every API route has one).
    if (route && !req.is404 && req.routeOptions.schema) {
      try {
        validator ??= new OpenApiValidator(app.swagger() as unknown as Doc);
        const body =
          payload === null || payload === undefined
            ? ''
            : typeof payload === 'string' || Buffer.isBuffer(payload)
              ? payload
              : null;
        const violations = validator.check({
          method: req.method,
          route,
          status: reply.statusCode,
          headers: reply.getHeaders() as Record<string, unknown>,
          body,
        });
        if (sent.has(req))
          violations.push(...validator.checkRequest(req.method, route, reply.statusCode, sent.get(req)));
        if (violations.length > 0) record(violations);
      } catch (err) {
        record([`contract check failed: ${(err as Error).message}`]);
      }
    }
    done(null, payload);
  });
}
