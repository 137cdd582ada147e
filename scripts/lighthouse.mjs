// Lighthouse (performance + accessibility) on / and /login against the real built server.
//
//   node scripts/lighthouse.mjs                 # starts apps/server/dist/main.js on a temporary database
//   node scripts/lighthouse.mjs http://host:4000 # or audits a server that is already running
//   LH_MIN=90 LH_PATHS=/,/login LH_PRESET=mobile|desktop  (defaults shown)
//   LH_JSON=<file>  also writes each page's figures (scores, LCP, TBT, DOM size, the opportunities
//                   with their estimated savings) as JSON, for apps/server/scripts/bench/lighthouse.ts
//   LH_REPORT_DIR=<folder>  also keeps each page's full Lighthouse report (<path>.json)
//
// Needs a build (`npm run build`). Chromium: CHROMIUM_PATH or /usr/bin/chromium, with the flags of
// DEVELOPERS.md (the machine's network is closed). Exits 1 when a score is under LH_MIN.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIN = Number(process.env.LH_MIN ?? 90);
const PATHS = (process.env.LH_PATHS ?? '/,/login').split(',');
const PRESET = process.env.LH_PRESET ?? 'mobile';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-lh-'));
  const entry = process.env.E2E_SERVER_ENTRY || path.join(root, 'apps/server/dist/main.js');
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error('server did not start in 90 s');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

const given = process.argv[2];
const server = given ? { url: given.replace(/\/$/, ''), stop: () => {} } : await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});

/**
 * The audits that cost this page the most: opportunities and diagnostics that failed, by the time
 * Lighthouse estimates they cost the page's LCP (or, failing that, its load), then by bytes.
 */
function topOpportunities(audits, n = 3) {
  return Object.values(audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual' &&
        a.scoreDisplayMode !== 'notApplicable' &&
        !/^(first-contentful-paint|largest-contentful-paint|speed-index|interactive|total-blocking-time|cumulative-layout-shift|max-potential-fid)$/.test(
          a.id,
        ),
    )
    .map((a) => ({
      id: a.id,
      title: a.title,
      displayValue: a.displayValue ?? '',
      savingsMs: Math.round(a.metricSavings?.LCP ?? a.details?.overallSavingsMs ?? 0),
      savingsBytes: Math.round(a.details?.overallSavingsBytes ?? 0),
    }))
    .sort((x, y) => y.savingsMs - x.savingsMs || y.savingsBytes - x.savingsBytes)
    .slice(0, n);
}

const summaries = [];
let failed = false;
try {
  console.log(`Lighthouse ${PRESET} against ${server.url} (minimum ${MIN})`);
  for (const p of PATHS) {
    const audit = () =>
      lighthouse(
        `${server.url}${p}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        },
        PRESET === 'desktop' ? desktopConfig : undefined,
      );
    let result = await audit();
    // A trace Lighthouse could not read (NO_NAVSTART, NO_FCP on a busy machine) is asked for once more.
    if (result.lhr.runtimeError) result = await audit();
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      console.log(
        `${p.padEnd(8)} Lighthouse could not measure: ${runtimeError.code} ${runtimeError.message}`,
      );
      failed = true;
      continue;
    }
    const perf = Math.round(categories.performance.score * 100);
    const a11y = Math.round(categories.accessibility.score * 100);
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ]
      .map((id) => `${audits[id].title.replace(/ /g, '-').toLowerCase()}=${audits[id].displayValue}`)
      .join(' ');
    // benchmarkIndex: this machine's CPU speed as Lighthouse measured it (a busy machine scores low,
    // and simulated mobile throttling then overstates blocking time).
    const bench = Math.round(result.lhr.environment.benchmarkIndex);
    console.log(
      `${p.padEnd(8)} performance ${perf}  accessibility ${a11y}   ${metrics} benchmarkIndex=${bench}`,
    );
    summaries.push({
      path: p,
      performance: perf,
      accessibility: a11y,
      fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      cls: audits['cumulative-layout-shift'].numericValue,
      domElements: audits['dom-size']?.numericValue ?? null,
      benchmarkIndex: bench,
      opportunities: topOpportunities(audits),
    });
    if (process.env.LH_REPORT_DIR) {
      mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
      const name = p
        .replace(/^\/$/, 'index')
        .replace(/[^\w-]+/g, '_')
        .replace(/^_/, '');
      writeFileSync(path.join(process.env.LH_REPORT_DIR, `${name}.json`), JSON.stringify(result.lhr));
    }
    if (perf < MIN || a11y < MIN) {
      failed = true;
      for (const a of Object.values(audits)) {
        if (
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual'
        ) {
          console.log(`   - ${a.id}: ${a.title} ${a.displayValue ?? ''}`);
        }
      }
    }
  }
} finally {
  await chrome.kill();
  server.stop();
}
if (process.env.LH_JSON) writeFileSync(process.env.LH_JSON, JSON.stringify(summaries, null, 2));
process.exit(failed ? 1 : 0);
