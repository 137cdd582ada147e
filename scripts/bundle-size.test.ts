// The initial route's JavaScript budget (BENCHMARKS.md): ≤ 150 KB gzipped. Reads the Vite manifest
// of apps/web/dist when that build is up to date (CI builds once, first); otherwise builds the web
// app into a temporary folder (never into apps/web/dist, which a running server may be serving).
// Either way scripts/bundle-size.mjs reads it, the same code that prints the per-route report.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { bundleReport, INITIAL_JS_BUDGET_KB, readRoutes } from './bundle-size.mjs';
import { staleReason } from './fresh-build.mjs';

type Row = { path: string; modules: string[]; jsGz: number; cssGz: number; jsFiles: number };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(root, 'apps/web');

describe('web bundle size', () => {
  let outDir: string;
  let rows: Row[];
  /** Built here for this test, so removed after it. */
  let temporary = false;

  beforeAll(() => {
    if (staleReason('web') === null) {
      outDir = path.join(webRoot, 'dist');
      rows = bundleReport(outDir).routes as Row[];
      return;
    }
    outDir = mkdtempSync(path.join(tmpdir(), 'agora-bundle-'));
    temporary = true;
    // vite's package exports hide bin/: go from its main entry (dist/node/index.js) to the CLI.
    const viteMain = createRequire(path.join(webRoot, 'package.json')).resolve('vite');
    const vite = path.resolve(path.dirname(viteMain), '../../bin/vite.js');
    const res = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], {
      cwd: webRoot,
      // Vitest sets NODE_ENV=test, which would make vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production', WEB_OUT_DIR: outDir },
      encoding: 'utf8',
    });
    expect(res.status, `vite build failed:\n${res.stderr}\n${res.stdout}`).toBe(0);
    rows = bundleReport(outDir).routes as Row[];
  }, 300_000);

  afterAll(() => {
    if (outDir && temporary) rmSync(outDir, { recursive: true, force: true });
  });

  it('reports every route of every area, each loading the entry chunk', () => {
    const paths = rows.map((r) => r.path);
    for (const p of [
      '/',
      '/questions',
      '/ideas',
      '/hackathons',
      '/jobhubs',
      '/job/:id',
      '/admin-portal/users',
    ]) {
      expect(paths).toContain(p);
    }
    expect(rows.length).toBe((readRoutes() as Row[]).length);
    const initial = rows.find((r) => r.path === '/')!;
    for (const r of rows) {
      expect(r.jsGz, r.path).toBeGreaterThanOrEqual(initial.jsGz);
      if (r.modules.length > 0) expect(r.jsFiles, r.path).toBeGreaterThan(initial.jsFiles);
    }
  });

  it(`keeps the initial route (/) within ${INITIAL_JS_BUDGET_KB} KB of JavaScript, gzipped`, () => {
    const initial = rows.find((r) => r.path === '/')!;
    const kb = initial.jsGz / 1024;
    console.log(
      `[bundle-size] initial route /: ${kb.toFixed(1)} KB JS + ${(initial.cssGz / 1024).toFixed(1)} KB CSS gzipped`,
    );
    expect(kb).toBeGreaterThan(10);
    expect(kb).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
  });

  // The usual way past the budget: a shell module takes a constant or helper from @agora/shared that
  // sits beside Zod schemas (their top-level calls are kept once their module is), or imports a form
  // helper. Zod (≈ 24 KB gzipped) and @mantine/form belong to the lazy chunks of the pages with forms.
  it('keeps Zod and @mantine/form out of the files the initial route loads', () => {
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imp of chunk.imports ?? []) visit(imp);
    };
    visit(Object.keys(manifest).find((k) => manifest[k].isEntry)!);
    expect(files.size).toBeGreaterThan(0);
    for (const file of files) {
      const code = readFileSync(path.join(outDir, file), 'utf8');
      expect(code.includes('ZodError'), `${file} contains Zod`).toBe(false);
      expect(code.includes('mantine-form'), `${file} contains @mantine/form`).toBe(false);
    }
  });
});
