// Request generator driven by the server's own OpenAPI document (GET /api/docs/json): for every
// operation it derives valid requests from the declared schemas, then boundary and malformed
// variants of them. Deterministic for a seed; the caller decides how many to send.

/** A JSON Schema fragment as @fastify/swagger publishes it (OpenAPI 3.0 flavour). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  const?: unknown;
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/questions/{id} */
  path: string;
  key: string;
  params: { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema }[];
  jsonBody: JsonSchema | null;
  bodyRequired: boolean;
  /** The operation takes multipart/form-data (declared, or described as such). */
  multipart: boolean;
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as {
        parameters?: Operation['params'];
        requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
        description?: string;
        summary?: string;
        consumes?: string[];
      };
      const content = op.requestBody?.content ?? {};
      const text = `${op.description ?? ''} ${op.summary ?? ''}`;
      ops.push({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path}`,
        params: (op.parameters ?? []).map((p) => ({ ...p, required: !!p.required })),
        jsonBody: content['application/json']?.schema ?? null,
        bodyRequired: !!op.requestBody?.required,
        multipart: !!content['multipart/form-data'] || /multipart/i.test(text),
      });
    }
  }
  return ops;
}

// ---------------------------------------------------------------- randomness

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    // mulberry32
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  bool(p = 0.5): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
}

// ---------------------------------------------------------------- values

/** Real ids of the world the fuzzer runs in, so valid requests reach past the 404s. */
export interface IdPool {
  /** ids by kind: question, answer, idea, comment, hackathon, submission, job, user, withdrawal, order… */
  byKind: Record<string, string[]>;
  /** Which kind a path's {param} refers to, by path prefix. */
  kindForPath(path: string, param: string): string | null;
}

/** Hostile text, the classes most likely to break a server first (a short run still meets them). */
export const NASTY_STRINGS = [
  'a\u0000b',
  '\uD800',
  'a'.repeat(5000),
  "'; drop table users; --",
  '<script>window.__xss=1</script>',
  '275760-09-14T00:00:00Z',
  '9'.repeat(40),
  '\u0000',
  '😀'.repeat(50),
  '../../../../etc/passwd',
  '%00',
  '-1',
  '1e309',
  'NaN',
  '2024-02-30',
  '-271821-04-19',
  '0000-00-00',
  '\u202Egnp.exe',
  '\u200B\u200B',
  "' OR 1=1 --",
  '<img src=x onerror=alert(1)>',
  '%2e%2e%2f',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is the payload
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  '0x7fffffff',
  'é'.repeat(300),
  'true',
  '[]',
  '{}',
  ' ',
  '',
];

export const NASTY_NUMBERS = [
  -1,
  0,
  0.5,
  1.5,
  99.999,
  -0.01,
  1e21,
  -1e21,
  2 ** 31,
  2 ** 53,
  2 ** 63,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  Number.MIN_VALUE,
];

export function huge(n: number): string {
  return 'x'.repeat(n);
}

export function deepJson(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** Nesting too deep to build as an object here: the text a hostile client would send. */
export function deepJsonText(depth: number): string {
  return `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
}

function typeOf(s: JsonSchema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return undefined;
}

const UUID_RE_SRC = '[0-9a-fA-F]{8}-';

function randomUuid(rng: Rng): string {
  const h = () => rng.int(0, 15).toString(16);
  const part = (n: number) => Array.from({ length: n }, h).join('');
  return `${part(8)}-${part(4)}-4${part(3)}-${rng.pick(['8', '9', 'a', 'b'])}${part(3)}-${part(12)}`;
}

function dateString(rng: Rng, future = true): string {
  const base = Date.UTC(2026, 0, 1) + (future ? 1 : -1) * rng.int(1, 900) * 86_400_000;
  return new Date(base).toISOString().slice(0, 10);
}

function plainText(rng: Rng, min: number, max: number): string {
  const words = ['agora', 'idea', 'react', 'पुणे', 'naïve', 'data', 'build', 'test', 'money', 'क्या'];
  let s = '';
  const target = Math.max(min, Math.min(max, rng.int(min, Math.min(max, min + 60))));
  while (s.length < target) s += (s ? ' ' : '') + rng.pick(words);
  s = s.slice(0, Math.max(target, min));
  if (s.trim().length < min) s = 'x'.repeat(min);
  return s.slice(0, max);
}

export interface GenContext {
  rng: Rng;
  ids: IdPool;
  /** Name of the property or parameter being generated (drives hints such as e-mail or ids). */
  name?: string;
  /** How many requests this operation has had: walks the hostile values in order. */
  seq?: number;
}

function idFor(ctx: GenContext, name: string): string | null {
  const n = name.toLowerCase();
  const kinds: Record<string, string> = {
    questionid: 'question',
    answerid: 'answer',
    answererid: 'user',
    targetuserid: 'user',
    userid: 'user',
    orderid: 'order',
    commentid: 'comment',
    sid: 'submission',
  };
  const kind = kinds[n];
  if (!kind) return null;
  const pool = ctx.ids.byKind[kind] ?? [];
  if (pool.length && ctx.rng.bool(0.85)) return ctx.rng.pick(pool);
  return randomUuid(ctx.rng);
}

/** A value that satisfies the schema (as far as a JSON Schema says). */
export function validValue(s: JsonSchema, ctx: GenContext, depth = 0): unknown {
  const { rng } = ctx;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return rng.pick(s.enum);
  if (s.anyOf?.length || s.oneOf?.length) return validValue(rng.pick((s.anyOf ?? s.oneOf)!), ctx, depth);
  if (s.allOf?.length) return validValue(s.allOf[0]!, ctx, depth);
  if (s.nullable && rng.bool(0.1)) return null;
  const name = ctx.name ?? '';
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [k, sub] of Object.entries(s.properties ?? {})) {
        if (required.has(k) || (depth < 4 && rng.bool(0.6))) {
          out[k] = validValue(sub, { ...ctx, name: k }, depth + 1);
        }
      }
      return out;
    }
    case 'array': {
      const min = s.minItems ?? 0;
      const max = Math.min(s.maxItems ?? 3, min + 3);
      return Array.from({ length: rng.int(min, Math.max(min, max)) }, () =>
        validValue(s.items ?? {}, { ...ctx, name: singular(name) }, depth + 1),
      );
    }
    case 'integer':
    case 'number': {
      let lo = s.minimum ?? 0;
      let hi = s.maximum ?? 1000;
      if (s.exclusiveMinimum === true) lo += 1;
      else if (typeof s.exclusiveMinimum === 'number') lo = s.exclusiveMinimum + 1;
      if (s.exclusiveMaximum === true) hi -= 1;
      if (/percent/i.test(name)) return rng.int(1, 100);
      if (/amount|reward/i.test(name)) lo = Math.max(lo, 10);
      hi = Math.min(hi, lo + 5000);
      return rng.int(Math.ceil(lo), Math.floor(Math.max(lo, hi)));
    }
    case 'boolean':
      return rng.bool();
    case 'string':
      return validString(s, ctx);
    default:
      return rng.pick(['x', 1, true]);
  }
}

function singular(name: string): string {
  return name.endsWith('s') ? name.slice(0, -1) : name;
}

function validString(s: JsonSchema, ctx: GenContext): string {
  const { rng } = ctx;
  const name = (ctx.name ?? '').toLowerCase();
  const id = idFor(ctx, ctx.name ?? '');
  if (id) return id;
  if (s.format === 'uuid' || s.pattern?.includes(UUID_RE_SRC)) return randomUuid(rng);
  // Before the date pattern: a date-time's pattern contains one (e.g. a review's `updatedAt`).
  if (s.format === 'date-time') return new Date(Date.parse(dateString(rng))).toISOString();
  if (s.format === 'date' || s.pattern?.includes('\\d{4}')) return dateString(rng);
  if (s.pattern?.includes('uploads')) return `/uploads/${'a'.repeat(32)}.png`;
  if (/date$/.test(name)) return new Date(Date.parse(dateString(rng)) + 12 * 3_600_000).toISOString();
  if (name.includes('email')) return `fuzz${rng.int(1, 1e9)}@example.com`;
  if (name === 'password') return `fuzz-password-${rng.int(1000, 9999)}`;
  if (/url|website|logo/.test(name)) return `https://example.com/${rng.int(1, 999)}`;
  if (name === 'upiid') return `fuzz${rng.int(1, 999)}@okbank`;
  if (name === 'ifsc') return 'HDFC0001234';
  if (name === 'accountnumber') return String(rng.int(100000000, 999999999));
  const min = s.minLength ?? 1;
  const max = s.maxLength ?? 200;
  return plainText(rng, min, Math.min(max, 400));
}

/** A value that breaks the declared type: the classic "wrong type" mutation. */
export function wrongType(s: JsonSchema, rng: Rng): unknown {
  const t = typeOf(s);
  const options: unknown[] = [
    null,
    true,
    123,
    -1.5,
    'str',
    [],
    [1, 2],
    {},
    { nested: { deeper: [1] } },
    deepJson(40),
  ];
  return rng.pick(
    options.filter((v) => {
      if (t === 'string') return typeof v !== 'string';
      if (t === 'integer' || t === 'number') return typeof v !== 'number';
      if (t === 'boolean') return typeof v !== 'boolean';
      if (t === 'array') return !Array.isArray(v);
      if (t === 'object') return v === null || typeof v !== 'object' || Array.isArray(v);
      return true;
    }),
  );
}

/** Boundary values for a schema: empty, huge, unicode, negative, fractional money, deep JSON. */
export function boundaryValue(s: JsonSchema, rng: Rng): unknown {
  const t = typeOf(s);
  if (t === 'string') {
    return rng.pick([
      ...NASTY_STRINGS,
      huge((s.maxLength ?? 1000) + 1),
      huge(200_000),
      ' '.repeat(s.minLength ?? 1),
    ]);
  }
  if (t === 'integer' || t === 'number') {
    const edges = [
      ...NASTY_NUMBERS,
      ...(s.minimum !== undefined ? [s.minimum - 1, s.minimum, s.minimum + 0.5] : []),
      ...(s.maximum !== undefined ? [s.maximum, s.maximum + 1, s.maximum * 10] : []),
    ];
    return rng.pick(edges);
  }
  if (t === 'array') {
    return rng.pick([
      [],
      Array.from({ length: (s.maxItems ?? 50) + 1 }, () => 'x'),
      Array.from({ length: 5000 }, (_, i) => i),
      [null],
      [deepJson(30)],
    ]);
  }
  if (t === 'object') return rng.pick([{}, deepJson(200), { ['a'.repeat(10_000)]: 1 }]);
  if (t === 'boolean') return rng.pick(['true', 0, 1, 'yes']);
  return rng.pick([null, '', deepJson(100)]);
}

// ---------------------------------------------------------------- requests

export type Kind = 'valid' | 'boundary' | 'malformed';

export interface FuzzRequest {
  kind: Kind;
  /** Short label of the mutation, for the report. */
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function pathParamValue(op: Operation, name: string, ctx: GenContext, mode: Kind): string {
  const { rng, ids } = ctx;
  if (mode === 'valid' || rng.bool(0.5)) {
    const kind = ids.kindForPath(op.path, name);
    const pool = kind ? (ids.byKind[kind] ?? []) : [];
    if (pool.length && rng.bool(0.85)) return rng.pick(pool);
    return randomUuid(rng);
  }
  return rng.pick([
    'not-a-uuid',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '%2e%2e',
    '-1',
    '0',
    '1.5',
    'x'.repeat(199),
    '00000000-0000-0000-0000-000000000000',
    '%F0%9F%98%80',
    "'%20OR%201=1",
    '%3Cscript%3E',
    'null',
  ]);
}

function queryValue(schema: JsonSchema, name: string, ctx: GenContext, mode: Kind): string | string[] {
  const { rng } = ctx;
  if (mode === 'valid') {
    if (name === 'cursor') return rng.pick(['', 'eyJ2IjoiMjAyNC0wMS0wMSIsImlkIjoiYSJ9']);
    const v = validValue(schema, { ...ctx, name });
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  const v = mode === 'boundary' ? boundaryValue(schema, rng) : wrongType(schema, rng);
  if (rng.bool(0.15)) return ['1', 'two', '3'];
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function buildUrl(op: Operation, ctx: GenContext, mode: Kind): string {
  const { rng } = ctx;
  let path = op.path;
  for (const p of op.params.filter((x) => x.in === 'path')) {
    path = path.replace(`{${p.name}}`, encodeURIComponentLoose(pathParamValue(op, p.name, ctx, mode)));
  }
  const qs: string[] = [];
  for (const p of op.params.filter((x) => x.in === 'query')) {
    if (!p.required && rng.bool(mode === 'valid' ? 0.5 : 0.3)) continue;
    const v = queryValue(p.schema, p.name, ctx, mode === 'valid' || rng.bool(0.5) ? mode : 'valid');
    for (const item of Array.isArray(v) ? v : [v]) qs.push(`${p.name}=${encodeURIComponentLoose(item)}`);
  }
  if (mode !== 'valid' && rng.bool(0.2)) {
    qs.push(
      rng.pick(['__proto__[x]=1', 'constructor[prototype][x]=1', `q=${'%'}zz`, `x=${'a'.repeat(3000)}`]),
    );
  }
  return qs.length ? `${path}?${qs.join('&')}` : path;
}

/** Path values that are already percent-encoded (traversal, NUL) stay as they are. */
function encodeURIComponentLoose(v: string): string {
  if (/%[0-9A-Fa-f]{2}/.test(v)) return v;
  try {
    return encodeURIComponent(v);
  } catch {
    // A lone surrogate has no UTF-8 form: send the bytes a broken client would (invalid UTF-8).
    return '%ED%A0%80';
  }
}

const BOUNDARY = '----agorafuzz7MA4YWxkTrZu0gW';

export function multipartBody(
  fields: Record<string, string>,
  file: { field: string; name: string; type: string; data: Buffer } | null,
  boundary = BOUNDARY,
): Buffer {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`, 'utf8'),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        'utf8',
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

/** Multipart operations: their file field and text fields (the OpenAPI body is not declared). */
export interface MultipartHint {
  fileField: string;
  fields: JsonSchema | null;
  file: () => { name: string; type: string; data: Buffer };
}

export interface FuzzerOptions {
  multipartHints: Record<string, MultipartHint>;
}

/** One request for an operation. `mode` picks valid, boundary or malformed. */
export function generate(op: Operation, mode: Kind, ctx: GenContext, opts: FuzzerOptions): FuzzRequest {
  const { rng } = ctx;
  const url = buildUrl(op, ctx, mode);
  const base = { kind: mode, method: op.method, url, headers: {} as Record<string, string> };
  const hint = opts.multipartHints[op.key];
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';

  if (hint && (op.multipart || rng.bool(0.5))) return multipartRequest(mode, ctx, hint, base);

  if (!hasBody) {
    if (mode === 'malformed' && rng.bool(0.5)) {
      // A body where none belongs, with a lying content type.
      return {
        ...base,
        label: 'body-on-bodyless',
        headers: { 'content-type': rng.pick(['application/json', 'text/plain']) },
        payload: rng.pick(['{"a":1}', '{', 'x'.repeat(1000)]),
      };
    }
    return { ...base, label: mode === 'valid' ? 'valid' : `${mode}-params` };
  }

  const schema = op.jsonBody ?? { type: 'object', properties: {} };
  const valid = validValue(schema, ctx);
  if (mode === 'valid') {
    return {
      ...base,
      label: 'valid',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(valid),
    };
  }
  if (mode === 'boundary') {
    const body = structuredClone(valid) as Record<string, unknown>;
    const props = Object.entries(schema.properties ?? {});
    if (props.length && body && typeof body === 'object' && !Array.isArray(body)) {
      const strings = props.filter(([, sub]) => typeOf(sub) === 'string' && !sub.enum);
      if (strings.length && rng.bool(0.5)) {
        // The same hostile text in every free-text field at once, in turn through the list.
        const nasty = NASTY_STRINGS[(ctx.seq ?? rng.int(0, 999)) % NASTY_STRINGS.length]!;
        for (const [k] of strings) body[k] = nasty;
        return {
          ...base,
          label: `boundary:all-text:${JSON.stringify(nasty.slice(0, 12))}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        };
      }
      const [k, sub] = rng.pick(props);
      body[k] = boundaryValue(sub, rng);
      return {
        ...base,
        label: `boundary:${k}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      };
    }
    return {
      ...base,
      label: 'boundary:whole',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(boundaryValue(schema, rng)),
    };
  }
  // malformed
  const choice = rng.int(0, 9);
  const json = { 'content-type': 'application/json' };
  switch (choice) {
    case 0:
      return {
        ...base,
        label: 'broken-json',
        headers: json,
        payload: rng.pick(['{', '{"a":', '[1,2', '\u0000', 'nul', '{"a":1}}']),
      };
    case 1:
      return { ...base, label: 'empty-json', headers: json, payload: '' };
    case 2: {
      const body = structuredClone(valid) as Record<string, unknown>;
      const props = Object.entries(schema.properties ?? {});
      if (props.length && body && typeof body === 'object') {
        const [k, sub] = rng.pick(props);
        body[k] = wrongType(sub, rng);
        return { ...base, label: `wrong-type:${k}`, headers: json, payload: JSON.stringify(body) };
      }
      return { ...base, label: 'wrong-type:whole', headers: json, payload: JSON.stringify([1, 2, 3]) };
    }
    case 3: {
      const extra = rng.pick([
        '"__proto__":{"isAdmin":true}',
        '"constructor":{"prototype":{"role":"admin"}}',
        '"role":"admin","isAdmin":true,"status":"approved","isPaid":true,"balance":99999999',
        '"authorId":"00000000-0000-0000-0000-000000000000","userId":"00000000-0000-0000-0000-000000000000"',
      ]);
      const text = JSON.stringify(valid ?? {});
      const payload = text.startsWith('{') && text.length > 2 ? `{${extra},${text.slice(1)}` : `{${extra}}`;
      return { ...base, label: 'extra-fields', headers: json, payload };
    }
    case 4:
      return {
        ...base,
        label: 'wrong-content-type',
        headers: {
          'content-type': rng.pick([
            'text/plain',
            'application/xml',
            'application/x-www-form-urlencoded',
            'image/png',
            'application/json; charset=utf-16',
            'multipart/form-data',
            'invalid/;;type',
          ]),
        },
        payload: JSON.stringify(valid),
      };
    case 5:
      return {
        ...base,
        label: 'broken-multipart',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: rng.pick([
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nno end`,
          `--wrong\r\n\r\n`,
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="../../x.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
          '',
        ]),
      };
    case 6:
      return {
        ...base,
        label: 'deep-json',
        headers: json,
        payload: deepJsonText(rng.pick([100, 1000, 10_000, 100_000])),
      };
    case 7:
      return {
        ...base,
        label: 'json-scalar',
        headers: json,
        payload: rng.pick(['null', '0', '"x"', 'true', '[]']),
      };
    case 8:
      return {
        ...base,
        label: 'huge-json',
        headers: json,
        payload: JSON.stringify({ ...(valid as object), pad: 'x'.repeat(rng.pick([900_000, 1_100_000])) }),
      };
    default: {
      const body = structuredClone(valid) as Record<string, unknown>;
      const req = schema.required ?? [];
      if (req.length && body && typeof body === 'object') delete body[rng.pick(req)];
      return { ...base, label: 'missing-required', headers: json, payload: JSON.stringify(body) };
    }
  }
}

function multipartRequest(
  mode: Kind,
  ctx: GenContext,
  hint: MultipartHint,
  base: Omit<FuzzRequest, 'label'>,
): FuzzRequest {
  const { rng } = ctx;
  const fieldsValue = (hint.fields ? validValue(hint.fields, ctx) : {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(fieldsValue)) {
    fields[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  let file: { field: string; name: string; type: string; data: Buffer } | null = rng.bool(0.7)
    ? { field: hint.fileField, ...hint.file() }
    : null;
  let label = 'valid-multipart';
  if (mode !== 'valid') {
    const props = Object.keys(fields);
    const m = rng.int(0, 7);
    if (m === 0 && props.length) {
      const k = rng.pick(props);
      fields[k] = NASTY_STRINGS[(ctx.seq ?? rng.int(0, 999)) % NASTY_STRINGS.length]!;
      label = `boundary-field:${k}`;
    } else if (m === 1) {
      file = {
        field: hint.fileField,
        name: 'shell.php.png',
        type: 'image/png',
        data: Buffer.from('<?php system($_GET["c"]); ?>'),
      };
      label = 'file-lies-about-type';
    } else if (m === 2) {
      file = {
        field: hint.fileField,
        name: rng.pick(['x.svg', 'x.html', '../../../etc/passwd', 'a\u0000b.png', '😀.png']),
        type: rng.pick(['image/svg+xml', 'text/html']),
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      };
      label = 'file-svg-html';
    } else if (m === 3) {
      file = { field: hint.fileField, name: 'empty.png', type: 'image/png', data: Buffer.alloc(0) };
      label = 'file-empty';
    } else if (m === 4 && props.length) {
      const k = rng.pick(props);
      fields[k] = rng.pick(['{', '[1,', 'null', '{"a":1}', '[]', JSON.stringify(deepJson(300))]);
      label = `broken-json-field:${k}`;
    } else if (m === 5) {
      return {
        ...base,
        label: 'multipart-truncated',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: multipartBody(fields, file).subarray(0, rng.int(1, 80)),
      };
    } else if (m === 6) {
      file = file ?? { field: hint.fileField, ...hint.file() };
      return {
        ...base,
        label: 'two-files',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: Buffer.concat([
          multipartBody({}, file).subarray(0, -(BOUNDARY.length + 6)),
          multipartBody(fields, { ...file, field: rng.pick([hint.fileField, 'other']) }),
        ]),
      };
    } else {
      fields['x'.repeat(200)] = 'y'.repeat(200_000);
      label = 'oversize-field';
    }
  }
  return {
    ...base,
    label,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartBody(fields, file),
  };
}
