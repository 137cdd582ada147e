// Lighthouse for the benchmark's pages on a seeded server: desktop and mobile presets, each page
// three times, the median reported. Drives scripts/lighthouse.mjs (the shell's audit script, which
// launches the system Chromium) against a server this script starts on a freshly seeded database.
//
//   npx tsx apps/server/scripts/bench/lighthouse.ts [--scale N] [--runs 3]
//
// Needs a web build: apps/web/dist (npm run build), or WEB_DIST=<folder>.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seededDatabase } from './database.js';
import { repoRoot } from './paths.js';
import { ensureServerBuild, startServer } from './server.js';

const PAGES = ['/', '/questions', '/ideas', '/hackathons', '/jobhubs', '/job/{id}'];

interface Score {
  performance: number;
  accessibility: number;
  line: string;
}

function runLighthouse(
  url: string,
  preset: 'desktop' | 'mobile',
  paths: string[],
): Promise<Map<string, Score>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/lighthouse.mjs'), url], {
      cwd: repoRoot,
      env: { ...process.env, LH_PATHS: paths.join(','), LH_PRESET: preset, LH_MIN: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('error', reject);
    child.on('exit', () => {
      const scores = new Map<string, Score>();
      for (const line of out.split('\n')) {
        const m = /^(\S+)\s+performance (\d+)\s+accessibility (\d+)/.exec(line);
        if (m)
          scores.set(m[1]!, { performance: Number(m[2]), accessibility: Number(m[3]), line: line.trim() });
      }
      if (scores.size === 0) reject(new Error(`lighthouse produced no scores:\n${out}`));
      else resolve(scores);
    });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { scale: { type: 'string' }, runs: { type: 'string' } },
  });
  const scale = Number(values.scale ?? 10);
  const runs = Number(values.runs ?? 3);
  const webDist = path.resolve(process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'));
  if (!existsSync(path.join(webDist, 'index.html')))
    throw new Error(`no web build in ${webDist} (npm run build)`);
  const entry = ensureServerBuild();
  console.log(`Seeding scale ${scale}…`);
  const db = await seededDatabase(scale, { reuse: false });
  const server = await startServer(entry, { ...db.env, WEB_DIST: webDist }, { label: 'lighthouse' });
  try {
    const jobs = (await (await fetch(`${server.url}/api/jobs?limit=1`)).json()) as {
      jobs: Array<{ _id: string }>;
    };
    const pages = PAGES.map((p) => p.replace('{id}', jobs.jobs[0]!._id));
    const rows: string[] = [];
    for (const preset of ['desktop', 'mobile'] as const) {
      const all: Array<Map<string, Score>> = [];
      for (let i = 0; i < runs; i++) {
        console.log(`Lighthouse ${preset}, run ${i + 1} of ${runs}…`);
        all.push(await runLighthouse(server.url, preset, pages));
      }
      for (const [i, p] of pages.entries()) {
        const perf = all.map((m) => m.get(p)?.performance ?? Number.NaN);
        const a11y = all.map((m) => m.get(p)?.accessibility ?? Number.NaN);
        rows.push(
          `| ${preset} | ${PAGES[i]} | ${median(perf)} | ${median(a11y)} | ${perf.join(', ')} | ${a11y.join(', ')} |`,
        );
      }
    }
    console.log(
      '\n| preset | page | performance (median) | accessibility (median) | performance runs | accessibility runs |',
    );
    console.log('|:--|:--|--:|--:|:--|:--|');
    for (const r of rows) console.log(r);
  } finally {
    await server.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
