// npm start: builds what is missing or out of date, then runs the server (migrations apply at start-up).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, root } from './fresh-build.mjs';

try {
  ensureBuilt(['web', 'server']);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
