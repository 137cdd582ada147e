import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * The endpoints of the benchmark and how to prepare them against a seeded server:
 * real ids, signed-in users, and the response bodies the bare server must reproduce.
 */

export type EndpointKind = 'read' | 'write' | 'login';

export interface Endpoint {
  name: string;
  kind: EndpointKind;
  /** A list endpoint: part of the growth comparison between the two scales. */
  list: boolean;
  method: 'GET' | 'POST';
  /** The requests it rotates over; a variant's `body` replaces the endpoint's. */
  variants: Array<{ path: string; headers?: Record<string, string>; body?: string }>;
  body?: string;
  /** An empty list is the right answer (a search for an absent word). */
  empty?: boolean;
  /** The p99 target with the cache off (ms): 50 for public reads, 200 for the admin overview. */
  p99Target?: number;
}

/** A sampled response: what the bare server sends back for this endpoint. */
export interface SampledBody {
  status: number;
  contentType: string;
  /** The real response's other headers, for a bare server sending the same bytes (not per-connection ones). */
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers that belong to the connection or the moment, which any server (the bare one too) sets itself. */
const OWN_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'content-type',
]);

const DEMO_PASSWORD = 'agora-demo-2026';
/** A profile with 50 skills (PROFILE_LIMITS.skills), many of them the seeded jobs' (seed/jobs.ts). */
const MATCH_PROFILE_SKILLS = [
  'React',
  'TypeScript',
  'CSS',
  'Vite',
  'Accessibility',
  'Node.js',
  'PostgreSQL',
  'Go',
  'REST',
  'Redis',
  'MongoDB',
  'AWS',
  'Docker',
  'Kotlin',
  'Android',
  'Firebase',
  'Swift',
  'SwiftUI',
  'Figma',
  'Prototyping',
  'Design Systems',
  'User Research',
  'Analytics',
  'Jira',
  'Python',
  'SQL',
  'Spark',
  'Kubernetes',
  'Terraform',
  'Linux',
  'Java',
  'Spring',
  'GraphQL',
  'Next.js',
  'Vue',
  'Angular',
  'Rust',
  'C++',
  'Kafka',
  'Airflow',
  'Tableau',
  'Excel',
  'Machine Learning',
  'PyTorch',
  'TensorFlow',
  'Pandas',
  'Git',
  'CI/CD',
  'Jest',
  'Playwright',
];
/** Seeded member accounts (seed/users.ts: member1…member40 exist at every scale). */
const MEMBERS = Array.from({ length: 10 }, (_, i) => `member${i + 1}@agora.demo`);
/** Members the login endpoint rotates over (every seeded member has the demo password). */
const LOGIN_ACCOUNTS = 100;

async function json<T>(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} → ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, body: JSON.parse(text) as T, headers: res.headers };
}

async function login(base: string, email: string): Promise<string> {
  const { body } = await json<{ token: string }>(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return body.token;
}

/** Builds the endpoint list from the seeded data (ids, tokens). */
export async function prepareEndpoints(base: string): Promise<Endpoint[]> {
  const questions = await json<Array<{ _id: string }>>(`${base}/api/questions/public?limit=100`);
  const ideas = await json<{ ideas: Array<{ _id: string }> }>(`${base}/api/ideas?sort=newest&limit=50`);
  const tokens: string[] = [];
  for (const email of MEMBERS) tokens.push(await login(base, email));
  const likeVariants = ideas.body.ideas.flatMap((idea, i) =>
    // Pairs (idea, user) in an order where neighbours hit different ideas: concurrent toggles do
    // not all queue on one row lock, as in real use.
    tokens.map((token, u) => ({
      order: u * ideas.body.ideas.length + i,
      path: `/api/ideas/${idea._id}/like`,
      headers: { authorization: `Bearer ${token}` },
    })),
  );
  likeVariants.sort((a, b) => a.order - b.order);

  const get = (name: string, path: string, list = true): Endpoint => ({
    name,
    kind: 'read',
    list,
    method: 'GET',
    variants: [{ path }],
  });
  // The reads that would grow with the tables when the cache does not answer them.
  const randomCursors: string[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${base}/api/questions/public?sort=random`);
    await res.arrayBuffer();
    const c = res.headers.get('x-next-cursor');
    if (c) randomCursors.push(c);
  }
  const admin = await login(base, 'admin@agora.demo');
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const today = new Date();
  const yearAgo = new Date(today.getTime() - 364 * 86_400_000);
  const signedIn = (name: string, path: string, headers: Array<Record<string, string>>, p99Target = 50) => ({
    name,
    kind: 'read' as const,
    list: true,
    method: 'GET' as const,
    variants: headers.map((h) => ({ path, headers: h })),
    p99Target,
  });
  // Job applications (seed/applications.ts): each member has sent more than a page of them and
  // runs a listing with more than a page of applicants. Signed-in reads: never cached.
  const memberAuth = tokens.map((token) => ({ authorization: `Bearer ${token}` }));
  const pipelines: Array<{ path: string; headers: Record<string, string> }> = [];
  for (const headers of memberAuth) {
    const mine = await json<{ jobs: Array<{ _id: string }> }>(`${base}/api/jobs/mine`, { headers });
    for (const job of mine.body.jobs) {
      const path = `/api/jobs/${job._id}/applications`;
      const res = await json<{ applications: unknown[] }>(base + path, { headers });
      if (res.body.applications.length >= 20) {
        pipelines.push({ path, headers });
        break;
      }
    }
  }
  if (pipelines.length === 0)
    throw new Error('no member runs a listing with a page of applicants: seed/applications.ts');
  // Smart Matching: member 1 with a 50-skill profile (the most a profile holds), signed in.
  const matcher = memberAuth[0]!;
  await json(`${base}/api/users/me`, {
    method: 'PUT',
    headers: { ...matcher, 'content-type': 'application/json' },
    body: JSON.stringify({ skills: MATCH_PROFILE_SKILLS, level: 'Senior', location: 'Bengaluru' }),
  });
  // An organisation's inbox (seed/organizations.ts: the busy one, member1 its verified member) and
  // its public page of tagged ideas: keyset pages on idea_organizations_org_idx, flat with the tags.
  const [busyOrg] = (
    await json<Array<{ _id: string }>>(
      `${base}/api/organizations?q=${encodeURIComponent('Rural Development')}`,
    )
  ).body;
  if (!busyOrg) throw new Error('no seeded organisation: seed/organizations.ts');
  const inboxPath = `/api/organizations/${busyOrg._id}/inbox`;
  const inboxFirst = await json<unknown[]>(base + inboxPath, { headers: memberAuth[0]! });
  const inboxCursor = inboxFirst.headers.get('x-next-cursor');
  if (!inboxCursor) throw new Error('the seeded organisation’s inbox has a single page');
  const flat: Endpoint[] = [
    { ...get('questions random p1', '/api/questions/public?sort=random'), p99Target: 50 },
    {
      ...get('questions random p2', ''),
      variants: randomCursors.map((c) => ({
        path: `/api/questions/public?sort=random&cursor=${encodeURIComponent(c)}`,
      })),
      p99Target: 50,
    },
    {
      ...get('questions random category', '/api/questions/public?sort=random&category=Technology'),
      p99Target: 50,
    },
    { ...get('question categories', '/api/questions/categories'), p99Target: 50 },
    // The bounty board: its two orders on the Open Questions tab, and a reward range in the
    // default (date) order.
    { ...get('questions ending soon', '/api/questions/public?sort=ending-soon&status=open'), p99Target: 50 },
    {
      ...get('questions highest reward', '/api/questions/public?sort=reward-high&status=open'),
      p99Target: 50,
    },
    {
      ...get('questions reward range', '/api/questions/public?status=open&minReward=50&maxReward=100'),
      p99Target: 50,
    },
    { ...get('questions search absent word', '/api/questions/public?q=zqxjvw'), empty: true, p99Target: 50 },
    { ...get('similar questions', '/api/questions/similar?q=how+to+learn+machine+learning'), p99Target: 50 },
    { ...get('ideas popular page 90', '/api/ideas?sort=popular&page=90'), p99Target: 50 },
    { ...get('ideas search s', '/api/ideas/search?q=s'), p99Target: 50 },
    // The listing's status filter (ideas_status_feed_idx) and its search box (every idea, paged).
    { ...get('ideas status filter', '/api/ideas?status=new'), p99Target: 50 },
    { ...get('ideas listing search', '/api/ideas?q=solar&sort=popular'), p99Target: 50 },
    signedIn('organization inbox', inboxPath, [memberAuth[0]!]),
    signedIn('organization inbox page 2', `${inboxPath}?cursor=${encodeURIComponent(inboxCursor)}`, [
      memberAuth[0]!,
    ]),
    { ...get('organization tagged ideas', `/api/organizations/${busyOrg._id}/ideas`), p99Target: 50 },
    { ...get('jobs list', '/api/jobs'), p99Target: 50 },
    // The same list for a signed-in member (never cached): every job carries their match.
    signedIn('jobs list signed in (50-skill profile)', '/api/jobs', [matcher]),
    // sort=match: the newest MATCH_WINDOW listed jobs scored in SQL; within 1.5× of the list above.
    signedIn('jobs sort=match (50-skill profile)', '/api/jobs?sort=match', [matcher]),
    { ...get('jobs search developer', '/api/jobs?search=developer'), p99Target: 50 },
    // Jobs reads that once grew with the table: a text search in one category, a word no job holds, the title order.
    {
      ...get('jobs search developer in a category', '/api/jobs?search=developer&category=Engineering'),
      p99Target: 50,
    },
    { ...get('jobs search absent word', '/api/jobs?search=zebracorn'), empty: true, p99Target: 50 },
    { ...get('jobs by title', '/api/jobs?sort=title'), p99Target: 50 },
    { ...get('job categories', '/api/jobs/categories'), p99Target: 50 },
    signedIn('admin overview 30 days', '/api/admin/overview', [{ authorization: `Bearer ${admin}` }], 200),
    signedIn(
      'admin overview 1 year',
      `/api/admin/overview?from=${day(yearAgo)}&to=${day(today)}`,
      [{ authorization: `Bearer ${admin}` }],
      200,
    ),
    signedIn('applications mine', '/api/applications/mine', memberAuth),
    {
      name: 'job pipeline',
      kind: 'read',
      list: true,
      method: 'GET',
      variants: pipelines,
      p99Target: 50,
    },
    signedIn(
      'notifications (bell)',
      '/api/notifications?limit=10',
      tokens.map((token) => ({ authorization: `Bearer ${token}` })),
    ),
  ];
  return [
    get('questions list', '/api/questions/public'),
    get('questions 2 categories', '/api/questions/public?category=Technology&category=Science'),
    { ...get('questions search q', '/api/questions/public?q=postgres'), p99Target: 50 },
    {
      name: 'question detail',
      kind: 'read',
      list: false,
      method: 'GET',
      // The 100 newest questions in turn (a detail page counts a view: one row update each).
      variants: questions.body.map((q) => ({ path: `/api/questions/${q._id}` })),
    },
    get('ideas popular', '/api/ideas?sort=popular'),
    { ...get('ideas search', '/api/ideas/search?q=solar'), p99Target: 50 },
    {
      ...get(
        'jobs search+category+location',
        '/api/jobs?search=developer&category=Engineering&location=Bengaluru',
      ),
      p99Target: 50,
    },
    get('hackathons list', '/api/hackathons'),
    ...flat,
    {
      name: 'like toggle (write)',
      kind: 'write',
      list: false,
      method: 'POST',
      variants: likeVariants.map(({ path, headers }) => ({ path, headers })),
    },
    {
      name: 'login (argon2id)',
      kind: 'login',
      list: false,
      method: 'POST',
      // A different member per request: one account signing in 50 times at once is what the
      // per-account limit is for (it counts attempts before the password check), and sent 429s.
      variants: Array.from({ length: LOGIN_ACCOUNTS }, (_, i) => ({
        path: '/api/auth/login',
        body: JSON.stringify({ email: `member${i + 1}@agora.demo`, password: DEMO_PASSWORD }),
      })),
      body: JSON.stringify({ email: MEMBERS[0], password: DEMO_PASSWORD }),
    },
  ];
}

/** Non-empty result check, so a benchmark never measures an empty page by mistake. */
function itemCount(body: unknown): number | null {
  if (Array.isArray(body)) return body.length;
  if (body && typeof body === 'object') {
    for (const key of ['ideas', 'jobs', 'hackathons', 'items', 'notifications', 'applications']) {
      const v = (body as Record<string, unknown>)[key];
      if (Array.isArray(v)) return v.length;
    }
    // The admin overview: a column of days per metric.
    const days = (body as { series?: { signups?: unknown } }).series?.signups;
    if (Array.isArray(days)) return days.length;
  }
  return null;
}

/**
 * One request over plain HTTP, its body as sent on the wire: fetch would ask for gzip on its own
 * and decode it, and the bare server must send the bytes the real one sent (compressed when the
 * benchmark's requests accept it, with --accept-encoding).
 */
function rawRequest(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method, headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A response body decoded from its Content-Encoding (to read it; the bare server sends it as is). */
function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

/**
 * The real responses of an endpoint (each variant for GET; two toggles for the like, so the data
 * ends as it started), for the bare server to send back byte for byte.
 */
export async function sampleBodies(base: string, ep: Endpoint): Promise<SampledBody[]> {
  const variants = ep.kind === 'write' ? [ep.variants[0]!, ep.variants[0]!] : ep.variants.slice(0, 100);
  const out: SampledBody[] = [];
  for (const v of variants) {
    const res = await rawRequest(base + v.path, {
      method: ep.method,
      headers: { ...((v.body ?? ep.body) ? { 'content-type': 'application/json' } : {}), ...v.headers },
      body: v.body ?? ep.body,
    });
    const body = res.body;
    const text = () => decoded(body, res.headers['content-encoding']);
    if (res.status < 200 || res.status > 299)
      throw new Error(`${ep.name}: ${ep.method} ${v.path} → ${res.status} ${text().slice(0, 300)}`);
    if (ep.list && !ep.empty) {
      const n = itemCount(JSON.parse(text()));
      if (n === 0)
        throw new Error(`${ep.name}: ${v.path} returned no items — the seed does not fit this query`);
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (!OWN_HEADERS.has(name)) headers[name] = value;
    }
    out.push({
      status: res.status,
      contentType: res.headers['content-type'] ?? 'application/json',
      headers,
      body,
    });
  }
  return out;
}
