// npm run test:e2e [-- name…]: drive Chromium against the real, built server. Builds the web app and
// the server first when their output is missing or out of date (a run that has just built them
// reuses it); E2E_SERVER_ENTRY / WEB_DIST name another build to test instead (scripts/e2e-private.sh).
// Names pick journeys by file-name prefix ("ideas" runs ideas and ideas-lifecycle).
//
// The journeys are Playwright Test files (*.spec.ts, playwright.config.ts): web-first assertions,
// Chromium from the system (CHROMIUM_PATH).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../../../scripts/fresh-build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

const args = process.argv.slice(2);
const names = args.filter((a) => !a.startsWith('-'));
const flags = args.filter((a) => a.startsWith('-'));
const files = readdirSync(here).filter((f) => f.endsWith('.spec.ts'));
const picked = names.length ? files.filter((f) => names.some((n) => f.startsWith(path.basename(n)))) : files;
if (picked.length === 0) {
  console.error(`No journey matches ${names.join(', ')} (files: ${files.join(', ')}).`);
  process.exit(1);
}
const rel = (f) => path.relative(root, path.join(here, f));
const specFiles = picked.map(rel);

const builds = [
  ...(process.env.WEB_DIST ? [] : ['web']),
  ...(process.env.E2E_SERVER_ENTRY ? [] : ['server']),
];
try {
  ensureBuilt(builds);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const config = path.join(here, 'playwright.config.ts');
const result = spawnSync('npx', ['playwright', 'test', '--config', config, ...flags, ...specFiles], {
  stdio: 'inherit',
  cwd: root,
});
process.exit(result.status ?? 1);
