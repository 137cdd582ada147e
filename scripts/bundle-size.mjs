// Gzipped JavaScript and CSS that each route of the web app loads, from the Vite manifest.
//
//   node scripts/bundle-size.mjs [distDir]     # default apps/web/dist (needs `npm run build`)
//   BUNDLE_JSON=1 node scripts/bundle-size.mjs # the same figures as JSON
//
// A route loads the entry chunk with its static imports, plus — for a lazy route — its page module
// with the page's static imports, and (every route but the landing) the stylesheet chunk that
// app/router.tsx loads alongside each lazy page: the full one, or the portal one for the routes
// whose handle says portalStyles. Routes are read from features/*/routes.tsx.
// Exits 1 when the initial route (/) passes INITIAL_JS_BUDGET_KB of JavaScript, gzipped.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const INITIAL_JS_BUDGET_KB = 150;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(root, 'apps/web');

/**
 * Route objects of one routes.tsx: each `{ … }` literal with a `path:` or `index: true`, its lazy
 * page module (`import('…')`), and its parent route (child routes load the parent's module too).
 * A small brace-aware scan is enough for these files (plain object literals, no braces in strings).
 */
function parseRouteFile(file) {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '');
  const stack = [];
  const found = [];
  const nearestRoute = () => [...stack].reverse().find((c) => c.route);
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{') stack.push({ route: false, path: null, modules: [], parent: nearestRoute() ?? null });
    else if (ch === '}') {
      const ctx = stack.pop();
      if (ctx?.route) found.push(ctx);
    } else if (stack.length) {
      const rest = text.slice(i, i + 200);
      const top = stack[stack.length - 1];
      let m = /^path:\s*'([^']*)'/.exec(rest);
      if (m) {
        top.route = true;
        top.path = m[1];
        continue;
      }
      if (/^index:\s*true/.test(rest)) {
        top.route = true;
        top.path = '';
        continue;
      }
      if (/^portalStyles:\s*true/.test(rest)) {
        (nearestRoute() ?? top).portal = true;
        continue;
      }
      m = /^import\(\s*'([^']+)'\s*\)/.exec(rest);
      if (m) (nearestRoute() ?? top).modules.push(m[1]);
    }
  }
  const rel = (spec) =>
    path
      .relative(webRoot, path.resolve(path.dirname(file), spec))
      .split(path.sep)
      .join('/');
  const fullPath = (ctx) => {
    const parts = [];
    for (let c = ctx; c; c = c.parent) if (c.path) parts.unshift(c.path);
    return `/${parts.join('/')}`;
  };
  const modulesOf = (ctx) => {
    const out = [];
    for (let c = ctx; c; c = c.parent) out.unshift(...c.modules.map(rel));
    return out;
  };
  return found.map((ctx) => ({ path: fullPath(ctx), modules: modulesOf(ctx), portal: Boolean(ctx.portal) }));
}

/** Routes of every area: URL path → the lazy modules it loads (none: it is in the entry chunk). */
export function readRoutes() {
  const featuresDir = path.join(webRoot, 'src/features');
  const routes = [];
  for (const area of readdirSync(featuresDir).sort()) {
    const file = path.join(featuresDir, area, 'routes.tsx');
    if (existsSync(file)) for (const r of parseRouteFile(file)) routes.push({ ...r, area });
  }
  // A parent with an index child appears twice under one path: keep the index (it loads both).
  const byPath = new Map();
  for (const r of routes)
    if ((byPath.get(r.path)?.modules.length ?? -1) < r.modules.length) byPath.set(r.path, r);
  return [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path));
}

const gzCache = new Map();
function gzSize(distDir, file) {
  const full = path.join(distDir, file);
  if (!gzCache.has(full)) gzCache.set(full, gzipSync(readFileSync(full), { level: 9 }).length);
  return gzCache.get(full);
}

/** The files a manifest chunk loads before it runs: itself, its static imports, their CSS. */
function closure(manifest, key, js = new Set(), css = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (js.has(chunk.file)) return { js, css };
  if (chunk.file.endsWith('.js')) js.add(chunk.file);
  else if (chunk.file.endsWith('.css')) css.add(chunk.file);
  for (const c of chunk.css ?? []) css.add(c);
  for (const imp of chunk.imports ?? []) closure(manifest, imp, js, css);
  return { js, css };
}

function findKey(manifest, sourceNoExt) {
  const bySource = Object.keys(manifest).find(
    (k) => k.replace(/\.(tsx?|jsx?)$/, '') === sourceNoExt.replace(/\.(tsx?|jsx?)$/, ''),
  );
  if (bySource) return bySource;
  // A module that the bundler merged into a shared chunk (imported both lazily by a route and
  // statically by its page) has no key of its own: the chunk is keyed `_<name>-<hash>.js` and named
  // after the module. Taken only when exactly one such chunk carries the name.
  const name = path.basename(sourceNoExt).replace(/\.(tsx?|jsx?)$/, '');
  const shared = Object.keys(manifest).filter((k) => k.startsWith('_') && manifest[k].name === name);
  return shared.length === 1 ? shared[0] : undefined;
}

/** Per-route gzipped sizes for a build folder (the one `vite build` wrote, with its manifest). */
export function bundleReport(distDir = path.join(webRoot, 'dist')) {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(
      `${path.relative(root, manifestFile)} not found: build the web app first (npm run build)`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const fullStylesKey = findKey(manifest, 'src/app/styles/full');
  const portalStylesKey = findKey(manifest, 'src/app/styles/portal');
  const size = (files) => [...files].reduce((sum, f) => sum + gzSize(distDir, f), 0);

  const rows = readRoutes().map((route) => {
    const { js, css } = closure(manifest, entryKey);
    for (const module of route.modules) {
      const key = findKey(manifest, module);
      if (!key) throw new Error(`${route.path}: ${module} is not in the Vite manifest`);
      closure(manifest, key, js, css);
    }
    const landing = route.path === '/' || route.path === '/portals';
    // A portal page waits for the portal styles only; the full stylesheet follows when it is idle.
    const stylesKey = route.portal && portalStylesKey ? portalStylesKey : fullStylesKey;
    if (!landing && stylesKey) closure(manifest, stylesKey, js, css);
    return { ...route, jsGz: size(js), cssGz: size(css), jsFiles: js.size, cssFiles: css.size };
  });
  return { entry: entryKey, routes: rows };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(webRoot, 'dist'));
  const report = bundleReport(dist);
  if (process.env.BUNDLE_JSON) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    const w = Math.max(...report.routes.map((r) => r.path.length), 5);
    console.log(`Gzipped JS and CSS loaded per route (${path.relative(root, dist) || '.'})\n`);
    console.log(`| ${'route'.padEnd(w)} | JS (gzip) | CSS (gzip) | files (JS + CSS) |`);
    console.log(`|:${'-'.repeat(w + 1)}|----------:|-----------:|-----------------:|`);
    for (const r of report.routes) {
      console.log(
        `| ${r.path.padEnd(w)} | ${kb(r.jsGz).padStart(9)} | ${kb(r.cssGz).padStart(10)} | ${`${r.jsFiles} + ${r.cssFiles}`.padStart(16)} |`,
      );
    }
  }
  const initial = report.routes.find((r) => r.path === '/');
  const ok = initial && initial.jsGz <= INITIAL_JS_BUDGET_KB * 1024;
  console.log(
    `\nInitial route /: ${initial ? kb(initial.jsGz) : '?'} of JavaScript gzipped (budget ${INITIAL_JS_BUDGET_KB} KB) — ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  process.exit(ok ? 0 : 1);
}
