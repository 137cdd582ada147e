// The seeker's list reads a page through its index, whatever the table holds: each statement reads
// about a page of job_applications, sorts nothing, and a later page starts where the cursor points
// (never by skipping the rows before it). The poster's pipeline, ranked by the applicants' match,
// reads its job's applications by a job index, then a page by id. PostgreSQL
// only: the plans that matter are production's (`npm run bench` measures the same at full size).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  signup,
  TEST_DATABASE_URL,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}
const walk = (n: PlanNode, out: PlanNode[] = []): PlanNode[] => {
  out.push(n);
  for (const c of n.Plans ?? []) walk(c, out);
  return out;
};
const rowsRead = (n: PlanNode) =>
  ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0)) * (n['Actual Loops'] ?? 1);

const PAGE = 20;
/** The busy job's applications (the table holds twice as many). */
const JOB_APPLICATIONS = 3000;

describe.runIf(TEST_DATABASE_URL)(
  'application lists read a page through their indexes (PostgreSQL plans)',
  () => {
    let t: TestApp;
    let explainer: pg.Client;
    let seeker: TestUser;
    let poster: TestUser;
    let busyJob: string;
    const captured: Array<{ text: string; values: unknown[] }> = [];
    let capturing = false;
    const originalQuery = pg.Client.prototype.query;

    beforeAll(async () => {
      t = await buildTestApp();
      seeker = await signup(t.app, { name: 'Sam Seeker' });
      poster = await signup(t.app, { name: 'Priya Poster' });
      explainer = new pg.Client({ connectionString: (t.database as unknown as { url: string }).url });
      await explainer.connect();
      // 3,000 applicants; the seeker applied to 3,000 jobs; one job of the poster's drew 3,000
      // applications, a tenth screened out.
      await explainer.query(
        `insert into users (email, name, display_name)
         select 'applicant' || g || '@example.com', 'Applicant ' || g, 'A' || g from generate_series(1, 3000) g;
       insert into jobs (poster_id, title, description, company_name, city, category, contact_email, status, created_at)
         select $2, 'Job ' || g, 'Build things', 'Acme', 'Pune', 'Engineering', 'jobs@example.com', 'approved',
                now() - g * interval '1 hour'
         from generate_series(1, 3001) g;
       insert into job_applications (job_id, applicant_id, history, created_at)
         select j.id, $1, '[]'::jsonb, now() - n * interval '1 minute'
         from (select id, row_number() over (order by created_at desc) n from jobs where poster_id = $2) j where n > 1;
       insert into job_applications (job_id, applicant_id, screened_out, history, created_at)
         select (select id from jobs where poster_id = $2 order by created_at desc limit 1), u.id, u.n % 10 = 0,
                '[]'::jsonb, now() - u.n * interval '1 minute'
         from (select id, row_number() over (order by email) n from users where email like 'applicant%') u;
       analyze`
          .replace(/\$1/g, `'${seeker.user.id}'`)
          .replace(/\$2/g, `'${poster.user.id}'`),
      );
      busyJob = (
        await explainer.query(`select id from jobs where poster_id = $1 order by created_at desc limit 1`, [
          poster.user.id,
        ])
      ).rows[0].id;
      await explainer.query('set enable_seqscan = off; set random_page_cost = 1.1');
      pg.Client.prototype.query = function (
        this: pg.Client,
        config: unknown,
        values?: unknown,
        cb?: unknown,
      ) {
        if (capturing && this !== explainer) {
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
      await t?.close();
    });

    /** Fetches the page and explains every statement it sent that reads job_applications. */
    async function plansOf(url: string, who: TestUser) {
      captured.length = 0;
      capturing = true;
      const res = await t.app.inject({ url, headers: who.auth });
      capturing = false;
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.json().applications).toHaveLength(PAGE);
      const reads = captured.filter((q) => /^\s*select\b/i.test(q.text) && /"job_applications"/.test(q.text));
      expect(reads.length).toBeGreaterThan(0);
      const plans: PlanNode[] = [];
      for (const q of reads) {
        const { rows } = await explainer.query(`explain (analyze, format json) ${q.text}`, q.values);
        plans.push((rows[0]['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0]!.Plan);
      }
      return { plans, next: res.headers['x-next-cursor'] as string };
    }

    function expectPageReads(plans: PlanNode[]) {
      for (const plan of plans) {
        const nodes = walk(plan);
        expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
        const scans = nodes.filter((n) => n['Relation Name'] === 'job_applications');
        for (const s of scans) {
          expect(s['Node Type'], JSON.stringify(s)).toMatch(/^Index (Only )?Scan$/);
          expect(rowsRead(s)).toBeLessThanOrEqual(PAGE + 1);
        }
      }
    }

    it("reads the seeker's list a page at a time, from the cursor on", async () => {
      const first = await plansOf(`/api/applications/mine?limit=${PAGE}`, seeker);
      expectPageReads(first.plans);
      let cursor = first.next;
      for (let i = 0; i < 50; i++) {
        const res = await t.app.inject({
          url: `/api/applications/mine?limit=${PAGE}&cursor=${cursor}`,
          headers: seeker.auth,
        });
        cursor = res.headers['x-next-cursor'] as string;
      }
      expectPageReads((await plansOf(`/api/applications/mine?limit=${PAGE}&cursor=${cursor}`, seeker)).plans);
    });

    /**
     * The pipeline is ranked by the applicants' match, computed from their profiles as they are now
     * (never stored): it reads the job's applications once, just their keys, through the job's index
     * (its applications, not the table's), then the page's rows by id.
     */
    function expectPipelineReads(plans: PlanNode[]) {
      for (const plan of plans) {
        const scans = walk(plan).filter((n) => n['Relation Name'] === 'job_applications');
        for (const s of scans) {
          expect(s['Node Type'], JSON.stringify(s)).toMatch(/^(Index (Only )?Scan|Bitmap Heap Scan)$/);
          if (rowsRead(s) > PAGE + 1) {
            // An index whose key starts with the job (job_applications_job_idx or _job_applicant_idx).
            expect(s['Index Name'] ?? '').toMatch(/^job_applications_job_/);
            expect(rowsRead(s)).toBeLessThanOrEqual(JOB_APPLICATIONS);
          }
        }
      }
    }

    it("reads the poster's pipeline: the job's applications by its index, then a page by id", async () => {
      const base = `/api/jobs/${busyJob}/applications?limit=${PAGE}`;
      expectPipelineReads((await plansOf(base, poster)).plans);
      // Deep in the kept part, then across into the screened-out part.
      let cursor = '';
      for (let i = 0; i < 135; i++) {
        const res = await t.app.inject({
          url: `${base}${cursor ? `&cursor=${cursor}` : ''}`,
          headers: poster.auth,
        });
        cursor = res.headers['x-next-cursor'] as string;
      }
      const deep = await plansOf(`${base}&cursor=${cursor}`, poster);
      expectPipelineReads(deep.plans);
      const across = await plansOf(`${base}&cursor=${deep.next}`, poster);
      expectPipelineReads(across.plans);
    });
  },
);
