// Bundles the server (and @agora/shared) into dist/main.js; other packages stay in node_modules.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = process.env.SERVER_OUT_DIR ? path.resolve(process.env.SERVER_OUT_DIR) : path.join(here, 'dist');
rmSync(dist, { recursive: true, force: true });

// The release and commit the bundle reports (/api/health, logs, backups).
const version = JSON.parse(readFileSync(path.join(here, '../../package.json'), 'utf8')).version ?? 'unknown';
let commit = process.env.AGORA_COMMIT || 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
    cwd: here,
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .toString()
    .trim();
} catch {
  // not a git checkout: AGORA_COMMIT or 'unknown'
}

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  define: { __AGORA_VERSION__: JSON.stringify(version), __AGORA_COMMIT__: JSON.stringify(commit) },
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalise-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@agora/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`server built → ${path.join(dist, 'main.js')}`);
