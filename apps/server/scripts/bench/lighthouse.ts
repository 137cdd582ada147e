// Lighthouse for the benchmark's pages on a seeded server: desktop and mobile presets, each page
// three times, the median reported (score, LCP, TBT; and the costliest audits of the median run).
// Drives scripts/lighthouse.mjs (the shell's audit script, which launches the system Chromium)
// against a server this script starts on a freshly seeded database.
//
//   npx tsx apps/server/scripts/bench/lighthouse.ts [--scale N] [--runs 3] [--preset mobile|desktop|both]
//                                                   [--pages /,/questions,…] [--reports <folder>]
//
// Needs a web build: apps/web/dist (npm run build), or WEB_DIST=<folder>.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seededDatabase } from './database.js';
import { repoRoot } from './paths.js';
import { ensureServerBuild, startServer } from './server.js';

/** `{job}` and `{idea}` stand for the newest listed job and idea of the seeded database. */
const PAGES = ['/', '/questions', '/ideas', '/hackathons', '/jobhubs', '/job/{job}', '/idea/{idea}'];

/** One page's figures from one Lighthouse pass (what scripts/lighthouse.mjs writes to LH_JSON). */
interface PageRun {
  path: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  domElements: number | null;
  benchmarkIndex: number;
  opportunities: Array<{ id: string; displayValue: string; savingsMs: number; savingsBytes: number }>;
}

function runLighthouse(
  url: string,
  preset: 'desktop' | 'mobile',
  paths: string[],
  reportDir: string | undefined,
): Promise<Map<string, PageRun>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'agora-lh-json-'));
  const jsonFile = path.join(dir, 'summary.json');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/lighthouse.mjs'), url], {
      cwd: repoRoot,
      env: {
        ...process.env,
        LH_PATHS: paths.join(','),
        LH_PRESET: preset,
        LH_MIN: '0',
        LH_JSON: jsonFile,
        ...(reportDir ? { LH_REPORT_DIR: reportDir } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', () => {
      try {
        const runs = JSON.parse(readFileSync(jsonFile, 'utf8')) as PageRun[];
        if (runs.length === 0) throw new Error('lighthouse produced no scores');
        resolve(new Map(runs.map((r) => [r.path, r])));
      } catch (err) {
        reject(err);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

/** The middle value; of an even count (a pass Lighthouse could not measure), the mean of the two. */
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2);
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      scale: { type: 'string' },
      runs: { type: 'string' },
      preset: { type: 'string' },
      pages: { type: 'string' },
      reports: { type: 'string' },
    },
  });
  const scale = Number(values.scale ?? 10);
  const runs = Number(values.runs ?? 3);
  const presets = (
    values.preset === 'mobile' || values.preset === 'desktop' ? [values.preset] : ['desktop', 'mobile']
  ) as Array<'desktop' | 'mobile'>;
  const wanted = values.pages ? values.pages.split(',') : PAGES;
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
    const ideas = (await (await fetch(`${server.url}/api/ideas?limit=1`)).json()) as {
      ideas: Array<{ _id: string }>;
    };
    const pages = wanted.map((p) =>
      p.replace('{job}', jobs.jobs[0]!._id).replace('{idea}', ideas.ideas[0]!._id),
    );
    const rows: string[] = [];
    const costs: string[] = [];
    for (const preset of presets) {
      const all: Array<Map<string, PageRun>> = [];
      for (let i = 0; i < runs; i++) {
        console.log(`Lighthouse ${preset}, run ${i + 1} of ${runs}…`);
        const reportDir = values.reports ? path.join(values.reports, `${preset}-${i + 1}`) : undefined;
        all.push(await runLighthouse(server.url, preset, pages, reportDir));
      }
      for (const [i, p] of pages.entries()) {
        const got = all.map((m) => m.get(p)).filter((r): r is PageRun => r !== undefined);
        if (got.length === 0) {
          rows.push(`| ${preset} | ${wanted[i]} | not measured | | | | | |`);
          continue;
        }
        const perf = got.map((r) => r.performance);
        const mid = median(perf);
        // The run whose score is nearest the median: its audits say what the median page pays for.
        const medianRun = [...got].sort(
          (a, b) => Math.abs(a.performance - mid) - Math.abs(b.performance - mid),
        )[0]!;
        rows.push(
          `| ${preset} | ${wanted[i]} | ${mid} | ${seconds(median(got.map((r) => r.lcpMs)))} | ${median(got.map((r) => r.tbtMs))} ms | ${median(got.map((r) => r.accessibility))} | ${perf.join(', ')} | ${medianRun.domElements ?? '?'} |`,
        );
        costs.push(
          `${preset} ${wanted[i]}: ${
            medianRun.opportunities
              .map(
                (o) =>
                  `${o.id}${o.displayValue ? ` (${o.displayValue})` : ''}${o.savingsMs ? ` ~${o.savingsMs} ms` : ''}`,
              )
              .join('; ') || 'nothing flagged'
          }`,
        );
      }
    }
    console.log(
      '\n| preset | page | performance (median) | LCP (median) | TBT (median) | accessibility (median) | performance runs | DOM elements |',
    );
    console.log('|:--|:--|--:|--:|--:|--:|:--|--:|');
    for (const r of rows) console.log(r);
    console.log('\nWhat the median run of each page pays for (top 3 failed audits, LCP savings estimated):');
    for (const c of costs) console.log(`- ${c}`);
  } finally {
    await server.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
