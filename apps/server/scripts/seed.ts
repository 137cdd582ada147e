// npm run seed [-- --scale N]: fills the configured database with realistic demo data.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { layInTimeOrder, makeRng, type SeedContext, type SeedStep } from './seed/types.js';
import { DEMO_PASSWORD, DEMO_USERS, usersStep } from './seed/users.js';

/**
 * Users first; then every scripts/seed/<area>.ts that exports `step: SeedStep & { order: number }`,
 * in order (areas add a file, never edit this list).
 */
async function loadSteps(): Promise<SeedStep[]> {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seed');
  const areaSteps: Array<SeedStep & { order: number }> = [];
  for (const file of readdirSync(dir).sort()) {
    if (!/\.ts$/.test(file) || ['types.ts', 'users.ts'].includes(file) || file.endsWith('.test.ts')) continue;
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as {
      step?: SeedStep & { order: number };
    };
    if (mod.step) areaSteps.push(mod.step);
  }
  return [usersStep, ...areaSteps.sort((a, b) => a.order - b.order)];
}

/** The tables whose sizes the benchmark issue fixes, counted after seeding. */
const COUNTED = [
  'users',
  'follows',
  'questions',
  'answers',
  'ideas',
  'idea_likes',
  'idea_comments',
  'idea_organizations',
  'jobs',
  'job_applications',
  'hackathons',
  'hackathon_participants',
  'hackathon_submissions',
  'notifications',
];

async function main() {
  const argv = process.argv.slice(2);
  const i = argv.findIndex((a) => a === '--scale' || a.startsWith('--scale='));
  const scale = i < 0 ? 1 : Number(argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1]);
  if (!Number.isFinite(scale) || scale <= 0) throw new Error('--scale must be a positive number');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const ctx: SeedContext = {
    db: database.db,
    scale,
    rng: makeRng(20261121),
    now: new Date(),
    userIds: [],
    log: (m) => console.log(`  ${m}`),
  };
  const started = Date.now();
  console.log(`Seeding ${database.kind} at scale ${scale}…`);
  for (const step of await loadSteps()) {
    const t = Date.now();
    await step.run(ctx);
    console.log(`  ✓ ${step.name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  }
  // Rows in the order the product would have written them (see layInTimeOrder), before VACUUM
  // sets the visibility map of the rewritten tables.
  const t0 = Date.now();
  await layInTimeOrder(database.db);
  console.log(`  ✓ rows in time order (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  // Fresh statistics (and, after a bulk load, a visibility map for index-only scans) right away:
  // autovacuum would get there eventually, but the first queries after a seed would be planned blind.
  const t = Date.now();
  await database.db.execute(sql`vacuum analyze`);
  // The counter tables are a handful of rows updated once per seeded row by their triggers; a bulk
  // load in long statements leaves those rows at the end of thousands of dead pages (question_counts:
  // 8 rows in 11 MB, 18 ms to read at scale 1000), which one transaction per write never does.
  await database.db.execute(
    sql`vacuum full analyze question_counts, idea_counts, job_counts, overview_daily`,
  );
  console.log(`  ✓ vacuum analyze (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  const counts = await database.db.execute<{ t: string; n: number }>(
    sql.raw(COUNTED.map((t) => `select '${t}' as t, count(*)::int as n from ${t}`).join(' union all ')),
  );
  const rows = (counts as unknown as { rows: Array<{ t: string; n: number }> }).rows
    .slice()
    .sort((a, b) => COUNTED.indexOf(a.t) - COUNTED.indexOf(b.t));
  console.log(`  rows: ${rows.map((r) => `${r.t} ${Number(r.n).toLocaleString('en-US')}`).join(', ')}`);
  await database.close();
  console.log(
    `Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Demo accounts (password "${DEMO_PASSWORD}"):`,
  );
  for (const u of DEMO_USERS) console.log(`  ${u.role.padEnd(10)} ${u.email}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
