// npm run test:e2e: the build has run; drive Chromium against the real server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
const args = ['vitest', 'run', '--config', path.join(here, 'vitest.config.ts'), ...process.argv.slice(2)];
const r = spawnSync('npx', args, { stdio: 'inherit', cwd: path.resolve(here, '../../..') });
process.exit(r.status ?? 1);
