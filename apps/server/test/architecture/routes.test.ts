import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers.js';

/**
 * Area boundaries that hold: rules read from the source as text, so that a change that
 * breaks one fails here rather than in review.
 */
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const srcDir = join(serverDir, 'src');
const rootDir = join(serverDir, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sourceFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

const files = sourceFiles(srcDir).map((path) => ({
  path: relative(srcDir, path),
  text: readFileSync(path, 'utf8'),
}));

describe('architecture: multipart routes declare their bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('documents each multipart route in OpenAPI: a body schema with its file part as binary', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>
      >;
    };
    const documented: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.requestBody?.content?.['multipart/form-data']?.schema as
          | { properties?: Record<string, { type?: string; format?: string }> }
          | undefined;
        const props = Object.values(schema?.properties ?? {});
        if (props.some((p) => p.type === 'string' && p.format === 'binary'))
          documented.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(documented.sort()).toEqual(
      [
        'POST /api/questions',
        'POST /api/questions/{id}/answers/upload',
        'POST /api/hackathons/submit',
        'PUT /api/hackathons/{id}',
        'POST /api/hackathons/{id}/submit',
        'POST /api/jobs/logo',
        'POST /api/jobs/{id}/applications',
        'PUT /api/users/me/resume',
        'POST /api/ideas/{id}/attachments',
      ].sort(),
    );
    // Every route that reads a multipart body (each multipartBody call serves at least one) is among them.
    const hooks = files.reduce((n, f) => n + (f.text.match(/\bmultipartBody\(\{/g)?.length ?? 0), 0);
    expect(hooks).toBeGreaterThan(0);
    expect(documented.length).toBeGreaterThanOrEqual(hooks);
  });

  it('reads multipart only through lib/http.ts (no route reads the stream itself)', () => {
    const readers = files
      .filter(
        (f) =>
          !f.path.startsWith('lib/') && /\b(readMultipart|readUpload|req\.parts|req\.file)\(/.test(f.text),
      )
      .map((f) => f.path);
    expect(readers).toEqual([]);
  });
});

describe('architecture: routes and shared mechanics', () => {
  it('has no URL map of cached routes: each route declares its cache next to itself', () => {
    const text = readFileSync(join(srcDir, 'plugins/response-cache.ts'), 'utf8');
    expect(text).not.toContain('/api/');
    expect(text).not.toMatch(/CACHED_ROUTES/);
  });

  it('writes the UUID pattern once (lib/ids.ts)', () => {
    const uuid = /\[0-9a-f\]\{8\}-\[0-9a-f\]\{4\}/i;
    const holders = files.filter((f) => uuid.test(f.text)).map((f) => f.path);
    expect(holders).toEqual(['lib/ids.ts']);
  });

  it('sets X-Next-Cursor in one place (lib/http.ts)', () => {
    const setters = files.filter((f) => /header\(\s*'X-Next-Cursor'/i.test(f.text)).map((f) => f.path);
    expect(setters).toEqual(['lib/http.ts']);
  });

  it('turns a multipart 413 into the area sentence in one place (lib/http.ts)', () => {
    const wrappers = files
      .filter((f) =>
        /status === 413\)\s*throw new AppError\('PAYLOAD_TOO_LARGE'/.test(f.text.replace(/\s+/g, ' ')),
      )
      .map((f) => f.path);
    expect(wrappers).toEqual(['lib/http.ts']);
  });

  it('imports only packages declared in apps/server/package.json (or the root one)', () => {
    const pkg = (p: string) => JSON.parse(readFileSync(p, 'utf8')) as Record<string, Record<string, string>>;
    const server = pkg(join(serverDir, 'package.json'));
    const root = pkg(join(rootDir, 'package.json'));
    const declared = new Set([
      ...Object.keys(server.dependencies ?? {}),
      ...Object.keys(server.devDependencies ?? {}),
      ...Object.keys(root.devDependencies ?? {}),
      ...Object.keys(root.dependencies ?? {}),
      '@agora/shared',
    ]);
    const builtins = new Set(builtinModules);
    const missing = new Set<string>();
    const spec =
      /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;
    for (const f of files) {
      for (const m of f.text.matchAll(spec)) {
        const s = m[1] ?? m[2] ?? m[3]!;
        if (s.startsWith('.') || s.startsWith('node:') || builtins.has(s)) continue;
        const name = s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!;
        if (!declared.has(name)) missing.add(`${name} (${f.path})`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});
