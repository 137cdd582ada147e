// npm run test:e2e: drive Chromium against the real, built server. Builds the web app and the
// server first when their output is missing or out of date (a run that has just built them reuses
// it); E2E_SERVER_ENTRY / WEB_DIST name another build to test instead (scripts/e2e-private.sh).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../../../scripts/fresh-build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
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
const args = ['vitest', 'run', '--config', path.join(here, 'vitest.config.ts'), ...process.argv.slice(2)];
const r = spawnSync('npx', args, { stdio: 'inherit', cwd: path.resolve(here, '../../..') });
process.exit(r.status ?? 1);
