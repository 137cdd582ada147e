// The production build (apps/web/dist, apps/server/dist), rebuilt only when it is missing or older
// than what it is built from. Scripts that run the built app (npm start, browser tests, the cluster
// test) call ensureBuilt, so each works alone on a fresh clone, and a run that has just built the
// app does not build it again.
//
//   node scripts/fresh-build.mjs [web] [server] [--dry-run]
//     builds what is stale (both by default); --dry-run only says what it would do.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What each build writes last-checked, and every input whose change must rebuild it. */
export const TARGETS = {
  web: {
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/postcss.config.cjs',
      'apps/web/package.json',
      'packages/shared/src',
      'package-lock.json',
    ],
    command: ['run', 'build', '-w', '@agora/web'],
  },
  server: {
    output: 'apps/server/dist/main.js',
    sources: [
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/package.json',
      'packages/shared/src',
      'package-lock.json',
    ],
    command: ['run', 'build', '-w', '@agora/server'],
  },
};

/**
 * Newest modification time under `p` (a file or a folder). Folders count too: removing or renaming
 * a file changes its folder's time. Tests are not built into the app, so they are left out.
 */
function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    if (/\.test\.[cm]?[jt]sx?$/.test(entry.name)) continue;
    t = Math.max(t, newest(path.join(p, entry.name)));
  }
  return t;
}

/** Why `name` must be built, or null when its output is newer than all of its sources. */
export function staleReason(name) {
  const target = TARGETS[name];
  const output = path.join(root, target.output);
  if (!existsSync(output)) return `${target.output} is missing`;
  const built = statSync(output).mtimeMs;
  const changed = target.sources.find((s) => newest(path.join(root, s)) > built);
  return changed ? `${changed} changed after ${target.output} was built` : null;
}

/** Builds each named target that is stale; returns the names built (or, with dryRun, to build). */
export function ensureBuilt(names = ['web', 'server'], { dryRun = false } = {}) {
  const built = [];
  for (const name of names) {
    const reason = staleReason(name);
    if (!reason) {
      console.log(`build: ${name} is up to date (${TARGETS[name].output}), not rebuilt`);
      continue;
    }
    console.log(`build: ${name}: ${reason}${dryRun ? ' (dry run: would build)' : ': building'}`);
    built.push(name);
    if (dryRun) continue;
    const r = spawnSync('npm', TARGETS[name].command, { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`npm ${TARGETS[name].command.join(' ')} failed`);
  }
  return built;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const names = args.filter((a) => !a.startsWith('--'));
  for (const n of names) {
    if (!(n in TARGETS)) {
      console.error(`unknown build "${n}" (known: ${Object.keys(TARGETS).join(', ')})`);
      process.exit(2);
    }
  }
  try {
    ensureBuilt(names.length ? names : undefined, { dryRun: args.includes('--dry-run') });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
