import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Set by build.mjs (esbuild `define`) in the production bundle; read from the source tree otherwise.
declare const __AGORA_VERSION__: string | undefined;
declare const __AGORA_COMMIT__: string | undefined;

function packageVersion(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [
    path.resolve(here, '../../../package.json'),
    path.resolve(here, '../../package.json'),
  ]) {
    try {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'agora' && pkg.version) return pkg.version;
    } catch {
      // not this one
    }
  }
  return 'unknown';
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: path.dirname(fileURLToPath(import.meta.url)),
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** The release (the root package.json's version) and the git commit this build was made from. */
export const APP_VERSION: string =
  typeof __AGORA_VERSION__ === 'string' ? __AGORA_VERSION__ : packageVersion();
export const APP_COMMIT: string =
  typeof __AGORA_COMMIT__ === 'string' ? __AGORA_COMMIT__ : process.env.AGORA_COMMIT || gitCommit();
