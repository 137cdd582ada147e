// The job page's network and the referrer's list read through their indexes, whatever the tables
// hold: the network looks people up by users_company_key_idx (the company's normalised name) and
// checks each against the viewer's follows by key; the list of requests sent to a person reads a
// page of referral_requests_referrer_idx from the cursor on. PostgreSQL only: the plans that matter
// are production's.
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
const USERS = 6000;

describe.runIf(TEST_DATABASE_URL)('referrals read through their indexes (PostgreSQL plans)', () => {
  let t: TestApp;
  let explainer: pg.Client;
  let viewer: TestUser;
  let referrer: TestUser;
  let jobId: string;
  const captured: Array<{ text: string; values: unknown[] }> = [];
  let capturing = false;
  const originalQuery = pg.Client.prototype.query;

  beforeAll(async () => {
    t = await buildTestApp();
    viewer = await signup(t.app, { name: 'Vera Viewer' });
    referrer = await signup(t.app, { name: 'Rafa Referrer' });
    explainer = new pg.Client({ connectionString: (t.database as unknown as { url: string }).url });
    await explainer.connect();
    // 6,000 people at 60 companies (spelled with varying case and spaces); the viewer follows every
    // 7th and is followed by every 11th. 3,000 of them applied to one job (at the referrer's
    // company) and asked the referrer for a referral.
    await explainer.query(
      `insert into users (email, name, display_name, company)
         select 'person' || g || '@example.com', 'Person ' || g, 'P' || g,
                case when g % 2 = 0 then ' Company  ' || (g % 60) else 'COMPANY ' || (g % 60) end
         from generate_series(1, ${USERS}) g;
       insert into follows (follower_id, followee_id)
         select $V, id from users where email like 'person%' and substr(email, 7)::text ~ '^[0-9]+@'
           and split_part(substr(email, 7), '@', 1)::int % 7 = 0;
       insert into follows (follower_id, followee_id)
         select id, $V from users where email like 'person%'
           and split_part(substr(email, 7), '@', 1)::int % 11 = 0;
       update users set company = 'Company 7' where id = $R;
       insert into jobs (poster_id, title, description, company_name, city, category, contact_email, status)
         values ($R, 'Engineer', 'Build things', 'company 7', 'Pune', 'Engineering', 'jobs@example.com', 'approved');
       insert into job_applications (job_id, applicant_id, history, created_at)
         select (select id from jobs where poster_id = $R), id, '[]'::jsonb, now()
         from users where email like 'person%' and split_part(substr(email, 7), '@', 1)::int <= 3000;
       insert into referral_requests (application_id, referrer_id, created_at)
         select a.id, $R, now() - row_number() over (order by a.id) * interval '1 minute' from job_applications a;
       analyze`
        .replace(/\$V/g, `'${viewer.user.id}'`)
        .replace(/\$R/g, `'${referrer.user.id}'`),
    );
    jobId = (await explainer.query(`select id from jobs where poster_id = $1`, [referrer.user.id])).rows[0]
      .id;
    await explainer.query('set enable_seqscan = off; set random_page_cost = 1.1');
    pg.Client.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, cb?: unknown) {
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

  /** Calls the API and explains each statement it sent that names `table`. */
  async function plansOf(url: string, who: TestUser, table: string) {
    captured.length = 0;
    capturing = true;
    const res = await t.app.inject({ url, headers: who.auth });
    capturing = false;
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const reads = captured.filter((q) => /^\s*select\b/i.test(q.text) && q.text.includes(`"${table}"`));
    expect(reads.length).toBeGreaterThan(0);
    const plans: PlanNode[] = [];
    for (const q of reads) {
      const { rows } = await explainer.query(`explain (analyze, format json) ${q.text}`, q.values);
      plans.push((rows[0]['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0]!.Plan);
    }
    return { res, plans };
  }

  it("finds the viewer's network at the job's company through the company index, not every user", async () => {
    const { res, plans } = await plansOf(`/api/jobs/${jobId}`, viewer, 'follows');
    // Company 7: people 7, 67, 127, … (every 60th); in the network those the viewer follows (every
    // 7th: 7, 427, …) or who follow the viewer (every 11th: 187, 847, …).
    const expected = Array.from({ length: USERS }, (_, i) => i + 1).filter(
      (g) => g % 60 === 7 && (g % 7 === 0 || g % 11 === 0),
    );
    expect(res.json().network.length).toBe(Math.min(20, expected.length));
    for (const plan of plans) {
      const nodes = walk(plan);
      const users = nodes.filter((n) => n['Relation Name'] === 'users');
      // An index scan of it, or a bitmap heap scan fed by it.
      expect(nodes.map((n) => n['Index Name'])).toContain('users_company_key_idx');
      for (const n of users) expect(n['Node Type']).not.toBe('Seq Scan');
      // The company's people (a sixtieth of the table), not the table.
      for (const n of users) expect(rowsRead(n)).toBeLessThanOrEqual(USERS / 60 + 5);
      // The viewer's own follows, both ways, by key: not the whole table.
      for (const n of nodes.filter((x) => x['Relation Name'] === 'follows')) {
        expect(n['Node Type'], JSON.stringify(n)).toMatch(/^Index (Only )?Scan$/);
        expect(rowsRead(n)).toBeLessThanOrEqual(USERS / 7 + 5);
      }
    }
  });

  it('reads the requests sent to a person a page at a time, from the cursor on', async () => {
    let url = `/api/referral-requests?limit=${PAGE}`;
    for (let i = 0; i < 3; i++) {
      const { res, plans } = await plansOf(url, referrer, 'referral_requests');
      expect(res.json().referralRequests).toHaveLength(PAGE);
      for (const plan of plans) {
        const nodes = walk(plan);
        expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
        for (const n of nodes.filter((x) => x['Relation Name'] === 'referral_requests')) {
          expect(n['Index Name']).toBe('referral_requests_referrer_idx');
          expect(rowsRead(n)).toBeLessThanOrEqual(PAGE + 1);
        }
      }
      url = `/api/referral-requests?limit=${PAGE}&cursor=${res.headers['x-next-cursor']}`;
    }
  });
});
