// Every listing query the API runs must be served by an index: a sequential scan over one of the
// big tables is what makes a page slow at 100,000 rows while it looked fine at 100.
//
// How: a few thousand rows are inserted server-side, each listing endpoint is called through the
// real app while the SQL it sends is recorded (node-postgres' Client.query is wrapped), and every
// recorded SELECT on a big table is run again under EXPLAIN (ANALYZE) with the same parameters.
// With only a few thousand rows the planner may rightly prefer a sequential scan of a small table,
// so the plans are taken with `enable_seqscan = off`: PostgreSQL then scans a table sequentially
// only when no index can serve the query at all. That alone is not enough — with sequential scans
// off, a dropped feed index shows up as a *full index scan* of some other index (no index
// condition) plus a sort — so in a page query (one with a LIMIT) such a scan must also read only a
// small part of its table (rows returned plus rows filtered out, from the actual execution).
// Searches read their matches through the full-text index, and counting queries (the totals some
// pages show) their whole filtered set through an index; what those cost at full size is measured
// by `npm run bench` (the growth ratio).
//
// PostgreSQL only (describe.runIf): the plans that matter are production's, the assertions need
// planner settings and EXPLAIN output of a real server, and `npm test` on the embedded database
// must stay fast — seeding and explaining here takes seconds on PostgreSQL, far longer in PGlite.
import pg from 'pg';
// @ts-expect-error: pg's value serialiser has no type declarations of its own
import { prepareValue } from 'pg/lib/utils.js';
import { preparable } from '../src/db/named-statements.js';
import { JOB_PROBE, JOB_WINDOW } from '../src/modules/jobs/jobs.repo.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  makeAdmin,
  signup,
  TEST_DATABASE_URL,
  type TestApp,
  type TestUser,
} from './helpers.js';

/** The tables that grow with use; a sequential scan over any of them fails the test. */
const BIG_TABLES = new Set([
  'users',
  'follows',
  'questions',
  'answers',
  'ideas',
  'idea_likes',
  'idea_comments',
  'jobs',
  'hackathons',
  'hackathon_participants',
  'hackathon_submissions',
  'notifications',
  'wallet_transactions',
  'payments',
]);

interface Captured {
  text: string;
  values: unknown[];
}
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Sort Method'?: string;
  'Subplan Name'?: string;
  'Plan Rows'?: number;
  Filter?: string;
  Plans?: PlanNode[];
}

/** Rows a scan node touched: returned plus discarded, over all its loops. */
const rowsRead = (n: PlanNode) =>
  ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) *
  (n['Actual Loops'] ?? 1);

/** A page query may read at most this share of a big table (the seed below has a few thousand rows each). */
const PAGE_READ_SHARE = 0.25;

function walk(node: PlanNode, out: PlanNode[] = []): PlanNode[] {
  out.push(node);
  for (const child of node.Plans ?? []) walk(child, out);
  return out;
}

// Rows inserted server-side: a few thousand per big table, with the values the requests below filter on.
const SEED_SQL = `
insert into users (email, name, display_name, role)
  select 'planner' || g || '@example.com', 'Planner ' || g, 'P' || g, (array['user','questioner','answerer'])[1 + g % 3]
  from generate_series(1, 300) g;
insert into questions (author_id, title, description, category, status, created_at, updated_at)
  select u.id, case when g % 10 = 0 then 'How to tune a slow postgres query ' || g else 'Planning a balcony garden ' || g end,
         'Details and what I tried so far ' || g,
         (array['Technology','Science','Business','Education'])[1 + g % 4], (array['open','answered'])[1 + g % 2],
         now() - g * interval '1 minute', now() - g * interval '1 minute'
  from generate_series(1, 4000) g
  join lateral (select id from users order by id offset (g % 300) limit 1) u on true;
insert into answers (question_id, author_id, content)
  select q.id, u.id, 'Add an index on the filter column'
  from (select id, row_number() over () as n from questions) q
  join lateral (select id from users order by id offset (q.n % 290) + 1 limit 2) u on true;
update questions q set answer_count = (select count(*) from answers a where a.question_id = q.id);
insert into ideas (author_id, title, description, category, tags, like_count, created_at, updated_at)
  select u.id, case when g % 10 = 0 then 'Solar cold storage for farmers ' || g else 'Peer tutoring marketplace ' || g end,
         'A cooperative service for a small town ' || g,
         (array['Technology','Healthcare','Education'])[1 + g % 3], array['climate','rural'], g % 50,
         now() - g * interval '1 minute', now() - g * interval '1 minute'
  from generate_series(1, 4000) g
  join lateral (select id from users order by id offset (g % 300) limit 1) u on true;
insert into idea_likes (idea_id, user_id)
  select i.id, u.id from (select id, row_number() over () as n from ideas) i
  join lateral (select id from users order by id offset (i.n % 290) limit 3) u on true;
insert into idea_comments (idea_id, author_id, content)
  select i.id, u.id, 'Great idea' from (select id, row_number() over () as n from ideas) i
  join lateral (select id from users order by id offset (i.n % 299) limit 1) u on true;
insert into jobs (poster_id, title, description, company_name, city, state, country, category, level,
                  employment_type, contact_email, status, skills, created_at, updated_at)
  select u.id, (array['Frontend Developer','Backend Engineer','Product Designer'])[1 + g % 3],
         'Build and ship features with a small team', 'Acme Labs ' || (g % 20),
         (array['Bengaluru','Pune','Mumbai','London'])[1 + g % 4], 'State', 'India',
         (array['Engineering','Design','Marketing'])[1 + g % 3], 'Mid-level', 'Full-time',
         'jobs@example.com', (array['approved','approved','approved','pending'])[1 + g % 4],
         array['React','Node.js'], now() - g * interval '1 minute', now() - g * interval '1 minute'
  from generate_series(1, 3000) g
  join lateral (select id from users order by id offset (g % 300) limit 1) u on true;
insert into hackathons (author_id, title, description, category, status, organizer_name, organizer_email,
                        start_date, end_date, prize_pool, location_type, created_at, updated_at)
  select u.id, 'Climate Code ' || g, 'Tools that cut emissions', 'AI/ML', (array['published','published','pending'])[1 + g % 3],
         'Org', 'org@example.com', now() + (g - 500) * interval '1 day', now() + (g - 497) * interval '1 day',
         'Prizes', 'online', now() - g * interval '1 hour', now() - g * interval '1 hour'
  from generate_series(1, 1000) g
  join lateral (select id from users order by id offset (g % 300) limit 1) u on true;
insert into hackathon_participants (hackathon_id, user_id)
  select h.id, u.id from (select id, row_number() over () as n from hackathons) h
  join lateral (select id from users order by id offset (h.n % 290) limit 5) u on true;
insert into hackathon_submissions (hackathon_id, user_id, team_name, project_title, project_description)
  select p.hackathon_id, p.user_id, 'Team', 'Project', 'A prototype'
  from hackathon_participants p where (hashtext(p.user_id::text) % 2) = 0;
insert into notifications (user_id, type, title, body, read_at, created_at)
  select u.id, 'answer', 'New answer', '', case when g % 10 = 0 then null else now() end, now() - g * interval '1 minute'
  from users u, generate_series(1, 40) g;
insert into follows (follower_id, followee_id)
  select a.id, b.id from (select id, row_number() over (order by id) n from users) a
  join (select id, row_number() over (order by id) n from users) b on b.n in (a.n % 300 + 1, (a.n + 7) % 300 + 1) and b.id <> a.id;
analyze;
`;

describe.runIf(TEST_DATABASE_URL)('listing queries use indexes (PostgreSQL plans)', () => {
  let t: TestApp;
  let explainer: pg.Client;
  /** Plans as a named statement's: generic (no parameter values), sequential scans off as above. */
  let generic: pg.Client;
  /** Plans as the server's connections do (`plan_cache_mode = auto`): which plan does PostgreSQL keep? */
  let auto: pg.Client;
  let prepared = 0;
  let viewer: TestUser;
  let admin: TestUser;
  const captured: Captured[] = [];
  const tableRows = new Map<string, number>();
  let capturing = false;
  const originalQuery = pg.Client.prototype.query;

  beforeAll(async () => {
    t = await buildTestApp();
    const url = (t.database as unknown as { url: string }).url;
    explainer = new pg.Client({ connectionString: url });
    await explainer.connect();
    await explainer.query(SEED_SQL);
    const sizes = await explainer.query<{ relname: string; n: number }>(
      `select relname, reltuples::int as n from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
    );
    for (const r of sizes.rows) tableRows.set(r.relname, r.n);
    viewer = await signup(t.app, { role: 'answerer' });
    admin = await signup(t.app);
    await makeAdmin(t, admin);
    await explainer.query(
      `insert into notifications (user_id, type, title, body, read_at, created_at)
         select $1, 'answer', 'New answer', '', case when g % 10 = 0 then null else now() end, now() - g * interval '1 minute'
         from generate_series(1, 40) g`,
      [viewer.user.id],
    );
    await explainer.query('set enable_seqscan = off');
    // A few thousand rows fit in memory, where a bitmap scan of a whole table plus a sort looks as
    // cheap as walking an index for a bounded window; at 100,000 rows it is not. Random reads
    // priced as on an SSD (and as when the table is cached) let the planner choose as at scale.
    await explainer.query('set random_page_cost = 1.1');
    generic = new pg.Client({ connectionString: url });
    await generic.connect();
    await generic.query(
      'set enable_seqscan = off; set random_page_cost = 1.1; set plan_cache_mode = force_generic_plan',
    );
    auto = new pg.Client({ connectionString: url });
    await auto.connect();
    await auto.query('set enable_seqscan = off; set random_page_cost = 1.1');
    // Records what the app sends (drizzle → pg.Pool → pg.Client.query), only during a request below.
    pg.Client.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, cb?: unknown) {
      if (capturing && this !== explainer && this !== generic && this !== auto) {
        const text = typeof config === 'string' ? config : (config as { text?: string }).text;
        const params = Array.isArray(values) ? values : ((config as { values?: unknown[] }).values ?? []);
        if (text) captured.push({ text, values: params });
      }
      return (originalQuery as (...a: unknown[]) => unknown).call(this, config, values, cb);
    } as typeof pg.Client.prototype.query;
  }, 120_000);

  afterAll(async () => {
    pg.Client.prototype.query = originalQuery;
    await explainer?.end();
    await generic?.end();
    await auto?.end();
    await t?.close();
  });

  /**
   * Calls the endpoint, then runs each SELECT it sent to a big table under EXPLAIN (ANALYZE) — with
   * `generic`, only the statements the server names (db/named-statements.ts), prepared and planned
   * without their parameter values, as PostgreSQL may plan them after five runs.
   */
  async function plansOf(url: string, auth: boolean | TestUser = false, opts: { generic?: boolean } = {}) {
    captured.length = 0;
    capturing = true;
    const who = auth === true ? viewer : auth === false ? null : auth;
    const res = await t.app.inject({ url, headers: who ? who.auth : {} });
    capturing = false;
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    const selects = captured.filter(
      (q) =>
        /^\s*(select|with)\b/i.test(q.text) &&
        [...BIG_TABLES].some((tbl) => new RegExp(`"${tbl}"`).test(q.text)) &&
        // The session lookup of a signed-in request is by primary key; it is not a listing.
        !/from "sessions"/.test(q.text),
    );
    const out: Array<{
      sql: string;
      problems: string[];
      nodes: string[];
      ctes: Record<string, string[]>;
      outsideCtes: string[];
      plan: PlanNode;
    }> = [];
    for (const q of selects) {
      if (opts.generic && !preparable(q.text)) continue;
      let rows: Array<Record<string, unknown>>;
      if (opts.generic) {
        const name = `generic_${++prepared}`;
        await generic.query({ name, text: q.text, values: q.values as unknown[] });
        // EXECUTE takes its arguments as expressions, not protocol parameters: literals, as pg sends them.
        const args = q.values
          .map((v) => {
            const text = prepareValue(v);
            return text === null ? 'null' : generic.escapeLiteral(String(text));
          })
          .join(', ');
        ({ rows } = await generic.query(
          `explain (analyze, format json) execute ${name}${args ? `(${args})` : ''}`,
        ));
      } else {
        ({ rows } = await explainer.query(`explain (analyze, format json) ${q.text}`, q.values));
      }
      const plan = (rows[0]['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0]!.Plan;
      const nodes = walk(plan);
      const isPage = nodes.some((n) => n['Node Type'] === 'Limit');
      const problems: string[] = [];
      if (opts.generic && !(await keepsGenericPlan(q))) {
        problems.push('PostgreSQL never keeps its generic plan: the statement is planned at every execution');
      }
      for (const n of nodes) {
        // An unbounded sort: a sort fed a large share of a big table, e.g. every public
        // question for sort=random, or every match of a common word to rank it. Bounded pools and
        // pages sort what their LIMIT allows.
        if (n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort') {
          const input = (n.Plans ?? []).reduce(
            (a, c) => a + (c['Actual Rows'] ?? 0) * (c['Actual Loops'] ?? 1),
            0,
          );
          const biggest = Math.max(
            0,
            ...walk(n)
              .map((x) => x['Relation Name'])
              .filter((r): r is string => !!r && BIG_TABLES.has(r))
              .map((r) => tableRows.get(r) ?? 0),
          );
          if (biggest >= 1000 && input > PAGE_READ_SHARE * biggest) {
            problems.push(`sort of ${input} rows (${n['Sort Method'] ?? 'sort'}) of a ${biggest}-row table`);
          }
        }
        const rel = n['Relation Name'];
        if (!rel || !BIG_TABLES.has(rel)) continue;
        if (n['Node Type'] === 'Seq Scan') problems.push(`sequential scan of ${rel}`);
        // Tables seeded with a few hundred rows (users) are left out: with sequential scans off, the
        // planner walks their primary key for a merge or hash join, a small-data artefact.
        const size = tableRows.get(rel) ?? 0;
        const fullIndexScan = /^Index (Only )?Scan$/.test(n['Node Type']) && !n['Index Cond'];
        if (isPage && fullIndexScan && size >= 1000 && rowsRead(n) > PAGE_READ_SHARE * size) {
          problems.push(`full index scan reads ${rowsRead(n)} of ${tableRows.get(rel)} rows of ${rel}`);
        }
      }
      const shown = (list: PlanNode[]) =>
        list
          .filter((n) => n['Relation Name'])
          .map(
            (n) =>
              `${n['Node Type']} ${n['Relation Name']}${n['Index Name'] ? ` (${n['Index Name']})` : ''} ${rowsRead(n)} rows`,
          );
      // The nodes of each CTE, and those outside every CTE.
      const ctes: Record<string, string[]> = {};
      const inCte = new Set<PlanNode>();
      for (const n of nodes) {
        const name = n['Subplan Name'];
        if (!name?.startsWith('CTE ')) continue;
        const sub = walk(n);
        ctes[name.slice(4)] = shown(sub);
        for (const x of sub) inCte.add(x);
      }
      out.push({
        sql: q.text.replace(/\s+/g, ' ').slice(0, 240),
        problems,
        nodes: shown(nodes),
        ctes,
        outsideCtes: shown(nodes.filter((n) => !inCte.has(n))),
        plan,
      });
    }
    return out;
  }

  /**
   * Whether PostgreSQL, left to choose (`plan_cache_mode = auto`), keeps the generic plan of a named
   * statement after its five custom ones — it does only when the generic plan is costed no dearer.
   * A `limit $n` or `offset $n` is costed as a tenth of every row, so such a statement would be
   * planned at every execution (db/prepared.ts rowCount, pageOffset).
   */
  async function keepsGenericPlan(q: Captured): Promise<boolean> {
    const name = `auto_${++prepared}`;
    for (let i = 0; i < 7; i++) await auto.query({ name, text: q.text, values: q.values as unknown[] });
    const { rows } = await auto.query<{ generic_plans: string }>(
      'select generic_plans from pg_prepared_statements where name = $1',
      [name],
    );
    await auto.query(`deallocate ${name}`);
    return Number(rows[0]?.generic_plans ?? 0) > 0;
  }

  async function firstId(url: string): Promise<string> {
    const res = await t.app.inject({ url });
    const body = res.json() as unknown;
    const list = Array.isArray(body)
      ? body
      : (Object.values(body as object).find(Array.isArray) as unknown[]);
    return (list[0] as { _id: string })._id;
  }

  it('every listing endpoint reads the big tables through indexes', async () => {
    const questionId = await firstId('/api/questions/public');
    const ideaId = await firstId('/api/ideas');
    const jobId = await firstId('/api/jobs');
    const hackathonId = await firstId('/api/hackathons');
    const page2 = (await t.app.inject({ url: '/api/questions/public?limit=5' })).headers['x-next-cursor'];
    expect(page2, 'the public list pages with a cursor').toBeTruthy();

    const endpoints: Array<[string, boolean?]> = [
      ['/api/questions/public'],
      ['/api/questions/public?category=Technology&category=Science'],
      ['/api/questions/public?q=postgres'],
      ['/api/questions/public?sort=date-old'],
      ['/api/questions/public?sort=solved'],
      [`/api/questions/public?limit=5&cursor=${encodeURIComponent(String(page2))}`],
      [`/api/questions/${questionId}`],
      ['/api/questions?answered=true', true],
      ['/api/ideas'],
      ['/api/ideas?sort=popular'],
      ['/api/ideas?sort=popular&page=3'],
      ['/api/ideas?category=Technology'],
      ['/api/ideas/search?q=solar'],
      [`/api/ideas/${ideaId}`],
      ['/api/jobs'],
      ['/api/jobs?page=2'],
      ['/api/jobs?search=developer&category=Engineering&location=Bengaluru'],
      [`/api/jobs/${jobId}`],
      // Signed in: every job carries the viewer's match (profile and activity read by key), and
      // sort=match scores the window's jobs.
      ['/api/jobs', true],
      ['/api/jobs?sort=match', true],
      ['/api/jobs?sort=match&category=Engineering&location=Bengaluru', true],
      [`/api/jobs/${jobId}`, true],
      ['/api/hackathons'],
      ['/api/hackathons?phase=open'],
      ['/api/hackathons?phase=upcoming'],
      ['/api/hackathons?phase=past'],
      [`/api/hackathons/${hackathonId}`],
    ];
    const failures: string[] = [];
    let explained = 0;
    let generics = 0;
    for (const [url, auth] of endpoints) {
      const plans = await plansOf(url, auth);
      expect(plans.length, `${url} ran no query on a big table`).toBeGreaterThan(0);
      explained += plans.length;
      const genericPlans = await plansOf(url, auth, { generic: true });
      generics += genericPlans.length;
      for (const [how, list] of [
        ['', plans],
        ['generic plan: ', genericPlans],
      ] as const) {
        for (const p of list) {
          if (p.problems.length) {
            failures.push(
              `${how}${url}\n    ${p.problems.join('; ')}\n    ${p.sql}\n    plan: ${p.nodes.join(' → ')}`,
            );
          }
        }
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(explained).toBeGreaterThanOrEqual(endpoints.length);
    // Every listing read is named (text searches too, their tsqueries computed once): each
    // statement's generic plan was checked as well.
    expect(generics).toBe(explained);
  });

  // Migrations 0018/0019/0021: the jobs searches' window walk reads only the index (INCLUDE columns, every
  // one bounded), not a heap page per job it passes over; a text search with other filters reads the
  // heap row (by primary key) only for the jobs those filters kept. The same statement then reads
  // the page's rows by key, outside the walk (CTE m).
  it('the jobs searches walk their window by an index-only scan', async () => {
    // Index-only scans need the visibility map, which VACUUM sets (a busy table's autovacuum does).
    await explainer.query('vacuum (analyze) jobs');
    for (const [url, index, heap] of [
      ['/api/jobs?level=Mid-level&location=Bengaluru', 'jobs_feed_idx', false],
      ['/api/jobs?search=developer&category=Engineering&location=Bengaluru', 'jobs_category_idx', true],
    ] as const) {
      const plans = await plansOf(url);
      const shown = `${url}: ${plans.map((p) => p.nodes.join(' → ')).join(' ‖ ')}`;
      expect(plans, shown).toHaveLength(1);
      const walk = plans[0]!.ctes.m;
      expect(
        walk?.some((n) => n.startsWith(`Index Only Scan jobs (${index})`)),
        shown,
      ).toBe(true);
      expect(
        walk!.some((n) => n.startsWith('Index Scan jobs (jobs_pkey)')),
        shown,
      ).toBe(heap);
      // The page (at most 12 jobs) and their posters by key, in the same statement.
      const page = plans[0]!.outsideCtes;
      expect(
        page.filter((n) => /^Index Scan (jobs|users) \((jobs|users)_pkey\) \d+ rows$/.test(n)),
        shown,
      ).toHaveLength(2);
    }
  });

  // The window's text test is a CASE PostgreSQL estimates at half the rows (jobs.repo.ts
  // windowTextWhere): as `search @@ query` (0.5 %) it planned to read the whole window, and read a
  // whole category through a bitmap and sorted it, or the whole table, instead of walking in date
  // order until the page's matches were found.
  type Plans = Awaited<ReturnType<typeof plansOf>>;

  /** A statement list for a failure message: the url, and each plan's relation nodes. */
  const showPlans = (url: string, plans: Plans, generic: boolean) =>
    `${generic ? 'generic: ' : ''}${url}: ${plans.map((p) => p.nodes.join(' → ')).join(' ‖ ')}`;

  /** Job rows every scan of `jobs` in these plans touched (rowsRead), all statements together. */
  const jobRowsRead = (plans: Plans) =>
    plans
      .flatMap((p) => walk(p.plan))
      .filter((n) => n['Relation Name'] === 'jobs' && /Scan$/.test(n['Node Type']))
      .reduce((a, n) => a + rowsRead(n), 0);

  it('a jobs text search walks its window in date order, with a category or without', async () => {
    for (const [url, index] of [
      ['/api/jobs?search=developer&category=Engineering', 'jobs_category_idx'],
      ['/api/jobs?search=developer', 'jobs_feed_idx'],
    ] as const) {
      for (const generic of [false, true]) {
        const plans = await plansOf(url, false, { generic });
        const shown = showPlans(url, plans, generic);
        expect(plans, shown).toHaveLength(1);
        const windowNodes = plans[0]!.ctes.m ?? [];
        expect(
          windowNodes.some((n) => new RegExp(`^Index (Only )?Scan jobs \\(${index}\\)`).test(n)),
          shown,
        ).toBe(true);
        expect(
          windowNodes.filter((n) => /^(Seq Scan|Bitmap Heap Scan) jobs/.test(n)),
          shown,
        ).toEqual([]);
        // What decides the plan at scale (this table is too small to show it): the share of the
        // window PostgreSQL expects the text test to keep. At 0.5 % it expects to read the whole
        // window for the page's matches; at half, a tenth of it.
        const cte = walk(plans[0]!.plan).find((n) => n['Subplan Name'] === 'CTE m')!;
        const tested = walk(cte).filter((n) => n.Filter?.includes('@@') && n.Plans?.length);
        expect(tested.length, shown).toBeGreaterThan(0);
        for (const n of tested) {
          const input = n.Plans!.reduce((a, c) => a + (c['Plan Rows'] ?? 0), 0);
          expect((n['Plan Rows'] ?? 0) / input, `${shown}\n    ${n.Filter}`).toBeGreaterThanOrEqual(0.25);
        }
      }
    }
  });

  it('a jobs search for a word no job holds reads its probe and then only the full-text index', async () => {
    for (const url of [
      '/api/jobs?search=zqxjvw',
      '/api/jobs?search=zqxjvw&sort=title',
      '/api/jobs?search=zqxjvw&sort=oldest',
    ]) {
      for (const generic of [false, true]) {
        const plans = await plansOf(url, false, { generic });
        const shown = showPlans(url, plans, generic);
        // The window's probe reads the newest (oldest) 250 listed jobs and finds no match, so the
        // rest of the window is not read (it was: 2,000 rows); the pass over every listed job
        // (2,250 here) reads only the index's matches, none. As one OR of the text and "no
        // lexemes", no index could answer it: every listed job was read.
        expect(jobRowsRead(plans), shown).toBeLessThanOrEqual(JOB_PROBE);
      }
    }
  });

  it('a jobs search for a rare word reads its window and the full-text index, oldest first too', async () => {
    // One job holds the word, older than every other: oldest first once walked every listed job
    // from the old end to fill a page of 12 (2,250 rows here); now the oldest window, then the index.
    const { rows } = await explainer.query(
      `insert into jobs (poster_id, title, description, company_name, city, state, country, category, level,
                         employment_type, contact_email, status, skills, created_at, updated_at)
       select id, 'Quuxfrob Platform Engineer', 'Run the platform', 'Acme Labs', 'Pune', 'State', 'India',
              'Engineering', 'Mid-level', 'Full-time', 'jobs@example.com', 'approved', array['Go'],
              now() - interval '400 days', now() - interval '400 days'
         from users order by id limit 1 returning id`,
    );
    try {
      for (const sort of ['oldest', 'newest', 'title']) {
        const url = `/api/jobs?search=quuxfrob&sort=${sort}`;
        const res = await t.app.inject({ url });
        expect(
          (res.json() as { jobs: Array<{ _id: string }> }).jobs.map((j) => j._id),
          url,
        ).toEqual([rows[0].id]);
        for (const generic of [false, true]) {
          const plans = await plansOf(url, false, { generic });
          const shown = showPlans(url, plans, generic);
          // The window, plus the one match read by key for the page; oldest first the probe holds
          // the match, and the rest of the window starts after the probe's last job, found by an
          // index-only walk of JOB_PROBE entries.
          expect(jobRowsRead(plans), shown).toBeLessThanOrEqual(JOB_WINDOW + JOB_PROBE + 10);
        }
      }
    } finally {
      await explainer.query('delete from jobs where id = $1', [rows[0].id]);
    }
  });

  it('an idea search reads whole rows and authors only for the results it returns', async () => {
    // `s` matches every seeded idea: the pool is the window's SEARCH_POOL newest matches, ranked
    // on the columns the window carries; only the 20 results are looked up by key with their authors.
    for (const url of ['/api/ideas/search?q=s', '/api/ideas/search?q=solar']) {
      const plans = await plansOf(url);
      const shown = `${url}: ${plans.map((p) => p.nodes.join(' → ')).join(' ‖ ')}`;
      expect(plans, shown).toHaveLength(1);
      const byKey = (table: string) =>
        plans[0]!.nodes
          .filter((n) => n.startsWith(`Index Scan ${table} (${table}_pkey)`))
          .map((n) => Number(/ (\d+) rows$/.exec(n)?.[1]));
      expect(byKey('ideas'), shown).toHaveLength(1);
      expect(byKey('ideas')[0], shown).toBeLessThanOrEqual(20);
      expect(byKey('users')[0], shown).toBeLessThanOrEqual(20);
    }
  });

  it('a random page in one category reads its range of the category index, not every category', async () => {
    const plans = await plansOf('/api/questions/public?sort=random&category=Technology');
    const shown = plans.map((p) => p.nodes.join(' → ')).join(' ‖ ');
    const walks = plans
      .flatMap((p) => p.nodes)
      .filter((n) => n.startsWith('Index Scan questions (questions_random_category_idx)'));
    expect(walks.length, shown).toBeGreaterThan(0);
    // 21 rows a page (each arc reads at most that many): never the other categories' rows.
    for (const n of walks) expect(Number(/ (\d+) rows$/.exec(n)?.[1]), shown).toBeLessThanOrEqual(21);
  });

  it("similar questions rank the window's pool in one statement, without a lookup by key", async () => {
    const plans = await plansOf('/api/questions/similar?q=how+to+plan+a+garden');
    const shown = plans.map((p) => `${p.sql}\n    ${p.nodes.join(' → ')}`).join('\n');
    expect(plans, shown).toHaveLength(1);
    expect(
      plans[0]!.nodes.some((n) => n.includes('(questions_pkey)')),
      shown,
    ).toBe(false);
  });

  /** The statements one request sends (the session lookup of a signed-in one left out). */
  async function statementsOf(url: string): Promise<string[]> {
    captured.length = 0;
    capturing = true;
    const res = await t.app.inject({ url });
    capturing = false;
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return captured.map((q) => q.text).filter((text) => !/from "sessions"/.test(text));
  }

  // Each statement is a socket write and a wake-up of a PostgreSQL backend (~0.2 ms of the
  // server's CPU on a two-core machine): an idea list's total rides on its page's statement.
  it("an idea list's page carries its total from idea_counts: one statement", async () => {
    const counts = await explainer.query<{ category: string; visible: number }>(
      'select category, sum(visible)::int as visible from idea_counts group by category order by 2 desc limit 1',
    );
    const { category, visible } = counts.rows[0]!;
    const all = await explainer.query<{ n: number }>('select count(*)::int as n from ideas where not hidden');
    for (const [url, total] of [
      ['/api/ideas?sort=popular', all.rows[0]!.n],
      ['/api/ideas?sort=newest&page=3', all.rows[0]!.n],
      [`/api/ideas?category=${encodeURIComponent(category)}`, visible],
      [`/api/ideas?category=${encodeURIComponent(category)}&page=2&sort=oldest`, visible],
    ] as const) {
      const statements = await statementsOf(url);
      expect(statements, url).toHaveLength(1);
      expect(statements[0], url).toMatch(/"idea_counts"/);
      const body = (await t.app.inject({ url })).json();
      expect(body.totalItems, url).toBe(total);
      expect(body.ideas.length, url).toBeGreaterThan(0);
    }
  });

  it('a question search for a common word reads its page in one statement: the window and its rows', async () => {
    // The word in the most of the newest questions: it fills a page from the window.
    const common = await explainer.query<{ word: string }>(
      `select word from ts_stat($$select search from (select search from questions order by created_at desc limit 1000) w$$)
        where length(word) > 3 order by ndoc desc limit 1`,
    );
    const url = `/api/questions/public?q=${common.rows[0]!.word}`;
    const statements = await statementsOf(url);
    expect(statements, url).toHaveLength(1);
    const body = (await t.app.inject({ url })).json() as unknown[];
    expect(body.length, url).toBeGreaterThan(1);
  });

  it("a jobs search for a rare word: the window's pass carries the listed total, then the full-text index", async () => {
    const url = '/api/jobs?search=zqxjvw';
    const statements = await statementsOf(url);
    // The window (with job_open_counts' total, which says more jobs are listed than it read),
    // then every listed job through the full-text index: no separate read of the counters.
    expect(statements, url).toHaveLength(2);
    expect(statements[0], url).toMatch(/"job_open_counts"/);
    expect((await t.app.inject({ url })).json().jobs, url).toEqual([]);
  });

  // The reads that would grow with the tables when the response cache does not answer them.
  it('the cache-off reads: no sequential scan of a big table, no unbounded sort, no walk of a whole index', async () => {
    const first = await t.app.inject({ url: '/api/questions/public?sort=random&limit=5' });
    const randomCursor = String(first.headers['x-next-cursor']);
    expect(randomCursor, 'random pages have a cursor').not.toBe('undefined');
    const endpoints: Array<[string, (boolean | TestUser)?]> = [
      ['/api/questions/public?sort=random'],
      [`/api/questions/public?sort=random&limit=5&cursor=${encodeURIComponent(randomCursor)}`],
      ['/api/questions/public?sort=random&category=Technology'],
      ['/api/questions/categories'],
      ['/api/questions/public?q=zqxjvw'],
      ['/api/questions/public?q=balcony'],
      ['/api/questions/similar?q=how+to+tune+a+garden'],
      ['/api/ideas?sort=popular&page=100'],
      ['/api/ideas/search?q=s'],
      ['/api/ideas/search?q=solar'],
      ['/api/ideas/categories'],
      ['/api/jobs'],
      ['/api/jobs?search=developer'],
      // A word no job holds: the window, then every listed job through the full-text index.
      ['/api/jobs?search=zqxjvw'],
      ['/api/jobs?search=zqxjvw&sort=title'],
      // The name orders: every listed job through its index (migration 0022), a filtered list
      // among its newest matches.
      ['/api/jobs?sort=title'],
      ['/api/jobs?category=Engineering&sort=company&page=3'],
      ['/api/jobs?search=developer&sort=title'],
      ['/api/jobs?level=Mid-level&sort=company'],
      ['/api/jobs?level=Mid-level'],
      ['/api/jobs/categories'],
      ['/api/notifications?limit=10', true],
      ['/api/admin/overview', admin],
      ['/api/admin/overview?from=2025-12-01&to=2026-11-30', admin],
    ];
    const failures: string[] = [];
    for (const [url, auth] of endpoints) {
      for (const generic of [false, true]) {
        for (const p of await plansOf(url, auth, { generic })) {
          if (p.problems.length) {
            failures.push(
              `${generic ? 'generic plan: ' : ''}${url}\n    ${p.problems.join('; ')}\n    ${p.sql}\n    plan: ${p.nodes.join(' → ')}`,
            );
          }
        }
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  // The bounty board: sort=ending-soon and sort=reward-high, and reward ranges in any order. Every
  // seeded question becomes paid with a reward from six amounts; about a fifth of them hold it in
  // escrow with a deadline ahead, and one old question has a reward no other has.
  it('the bounty board reads its own indexes, a bounded number of rows', async () => {
    await explainer.query(`
      update questions set is_paid = true,
        reward_amount = (array[1000, 2000, 2500, 5000, 10000, 20000])[1 + abs(hashtext(id::text)) % 6],
        payment_amount = (array[1000, 2000, 2500, 5000, 10000, 20000])[1 + abs(hashtext(id::text)) % 6];
      update questions set escrow_state = 'held', escrow_held_at = created_at,
        escrow_deadline = now() + (abs(hashtext(id::text || 'd')) % 1000) * interval '1 hour'
        where abs(hashtext(id::text)) % 5 = 0;
      update questions set reward_amount = 4321000, payment_amount = 4321000
        where id = (select id from questions order by created_at limit 1);
      analyze questions;`);
    const pages = async (url: string) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      const next = res.headers['x-next-cursor'];
      expect(next, `${url} has a next page`).toBeTruthy();
      return `${url}&cursor=${encodeURIComponent(String(next))}`;
    };
    // The ending-soon list is the open questions holding a reward until a deadline at most
    // REWARD_DEADLINE ahead: those paid in the last two weeks, however old the table. A filtered
    // page reads at most that set, through one of its partial indexes.
    const heldOpen = Number(
      (
        await explainer.query(
          `select count(*)::int as n from questions where escrow_state = 'held' and status = 'open' and not hidden`,
        )
      ).rows[0].n,
    );
    const endpoints: Array<[string, string, number]> = [
      // [url, the index that must serve it, the most question rows its scans may read]
      ['/api/questions/public?sort=ending-soon&limit=20', 'questions_ending_soon_idx', 21],
      [await pages('/api/questions/public?sort=ending-soon&limit=20'), 'questions_ending_soon_idx', 21],
      // One of four categories, or a reward range: at most the held set.
      ['/api/questions/public?sort=ending-soon&status=open&category=Technology', 'held', heldOpen],
      ['/api/questions/public?sort=ending-soon&minReward=100', 'held', heldOpen],
      ['/api/questions/public?sort=reward-high&limit=20', 'questions_reward_idx', 21],
      [await pages('/api/questions/public?sort=reward-high&limit=20'), 'questions_reward_idx', 21],
      [
        '/api/questions/public?sort=reward-high&status=open&minReward=25&maxReward=50',
        'questions_reward_idx',
        80,
      ],
      ['/api/questions/public?sort=reward-high&category=Science&maxReward=20', 'questions_reward_idx', 150],
      // A range few questions match in a date order: the window, then the range's rows.
      ['/api/questions/public?minReward=40000', 'questions_reward_idx', 1000 + 10],
    ];
    const failures: string[] = [];
    for (const [url, index, maxRows] of endpoints) {
      for (const generic of [false, true]) {
        const plans = await plansOf(url, false, { generic });
        const shown = showPlans(url, plans, generic);
        for (const p of plans) if (p.problems.length) failures.push(`${shown}\n    ${p.problems.join('; ')}`);
        const scans = plans
          .flatMap((p) => walk(p.plan))
          .filter((n) => n['Relation Name'] === 'questions' && /Scan$/.test(n['Node Type']));
        const indexes = new Set(
          plans.flatMap((p) => walk(p.plan)).flatMap((n) => (n['Index Name'] ? [n['Index Name']] : [])),
        );
        const wanted = index === 'held' ? ['questions_ending_soon_idx', 'questions_escrow_due_idx'] : [index];
        if (!wanted.some((i) => indexes.has(i))) {
          failures.push(`${shown}\n    does not use ${wanted.join(' or ')}`);
        }
        const read = scans.reduce((a, n) => a + rowsRead(n), 0);
        if (read > maxRows) failures.push(`${shown}\n    reads ${read} question rows (at most ${maxRows})`);
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
    // The rare range's one question, found beyond the window of the newest.
    const rare = (await t.app.inject({ url: '/api/questions/public?minReward=40000' })).json() as Array<{
      rewardAmount: number;
    }>;
    expect(rare.map((q) => q.rewardAmount)).toEqual([4321000]);
  });
});
