import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import parser from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signup, type TestApp } from '../../../test/helpers.js';
import { hackathons, ideas, jobs } from '../../db/schema/index.js';
import { escapeHtml, injectHead, jsonForScript, metaDescription } from '../../lib/page-head.js';
import { bucketRange } from './seo.repo.js';
import { robotsTxt } from './seo.routes.js';

const ORIGIN = 'https://agora.example';
const DAY = 86_400_000;
// As the web build writes it: a generic title and description, the app's module script.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Agora — the generic description." />
    <title>Agora</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const EVIL = `</script><script>alert(1)</script> "Q&A" <b>`;

let t: TestApp;
let webDist: string;
const ids: Record<string, string> = {};

async function insertJob(over: Partial<typeof jobs.$inferInsert>, posterId: string) {
  const now = t.clock.now();
  const [row] = await t.database.db
    .insert(jobs)
    .values({
      posterId,
      title: 'Platform Engineer',
      description: 'Run the **platform** our marketplace stands on.',
      companyName: 'Lifecycle Labs',
      city: 'Pune',
      country: 'India',
      category: 'Engineering',
      contactEmail: 'jobs@lifecycle.example.com',
      status: 'approved',
      expiresAt: new Date(now.getTime() + 30 * DAY),
      ...over,
    })
    .returning({ id: jobs.id });
  return row!.id;
}

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'agora-seo-web-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  t = await buildTestApp({ config: { webDist, publicUrl: ORIGIN } });
  const poster = await signup(t.app);
  const by = poster.user.id;
  const now = t.clock.now();
  const deadline = new Date(now.getTime() + 10 * DAY).toISOString().slice(0, 10);
  ids.open = await insertJob(
    {
      title: EVIL,
      companyName: 'Acme & Sons',
      description: `${EVIL} ${'word '.repeat(80)}`,
      applicationDeadline: deadline,
    },
    by,
  );
  ids.pending = await insertJob({ status: 'pending' }, by);
  ids.rejected = await insertJob({ status: 'rejected' }, by);
  ids.expired = await insertJob({ status: 'expired', expiresAt: new Date(now.getTime() - DAY) }, by);
  const [idea, hidden] = await t.database.db
    .insert(ideas)
    .values([
      {
        authorId: by,
        title: `Solar kiosks ${EVIL}`,
        description: 'Kiosks that *charge* phones.',
        category: 'Environment',
      },
      {
        authorId: by,
        title: 'Secret',
        description: 'Hidden.',
        category: 'Environment',
        hidden: true,
        hiddenByAuthor: true,
      },
    ])
    .returning({ id: ideas.id });
  ids.idea = idea!.id;
  ids.hiddenIdea = hidden!.id;
  const hack = {
    authorId: by,
    description: 'Build things.',
    category: 'AI',
    organizerName: 'Org',
    organizerEmail: 'org@example.com',
    startDate: new Date(now.getTime() + 5 * DAY),
    endDate: new Date(now.getTime() + 6 * DAY),
    prizePool: '₹1,00,000',
  };
  const [published, pendingHack] = await t.database.db
    .insert(hackathons)
    .values([
      { ...hack, title: 'Open hack', status: 'published' },
      { ...hack, title: 'Draft hack', status: 'pending' },
    ])
    .returning({ id: hackathons.id });
  ids.hackathon = published!.id;
  ids.pendingHackathon = pendingHack!.id;
});

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

// A browser's HTML parser (jsdom, which runs no script), loaded by name: it ships no types.
const jsdomName = 'jsdom';
const { JSDOM } = (await import(jsdomName)) as {
  JSDOM: new (html: string) => { window: { document: Document } };
};
const headOf = (html: string) => new JSDOM(html).window.document;
const meta = (doc: Document, sel: string) => doc.querySelector(sel)?.getAttribute('content');

describe('page head', () => {
  it('escapes text and attribute values, and JSON for a data block', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const json = jsonForScript({ t: '</script><!--\u2028' });
    expect(json).not.toMatch(/[<\u2028]/);
    expect(JSON.parse(json)).toEqual({ t: '</script><!--\u2028' });
  });

  it('cuts a description at a word near 160 characters, as plain text', () => {
    const d = metaDescription(`# Title\n\n**bold** ${'lorem ipsum '.repeat(40)}`);
    expect(d.length).toBeLessThanOrEqual(160);
    expect(d.startsWith('Title bold lorem')).toBe(true);
    expect(d.endsWith('…')).toBe(true);
    expect(metaDescription('short *one*')).toBe('short one');
  });

  it('replaces the generic title and description instead of adding a second', () => {
    const html = injectHead(INDEX_HTML, {
      title: 'T',
      description: 'D',
      canonical: `${ORIGIN}/x`,
      ogType: 'website',
    });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('src="/assets/index-abc.js"');
  });
});

describe('GET /job/{id}', () => {
  it('serves index.html with the title, description, canonical, Open Graph and JobPosting', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/job/${ids.open}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.etag).toMatch(/^W\/"/);
    const doc = headOf(res.body);
    expect(doc.title).toBe(`${EVIL} at Acme & Sons — Jobs Hub`);
    expect(doc.querySelectorAll('title')).toHaveLength(1);
    expect(doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    const description = meta(doc, 'meta[name="description"]')!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.startsWith('alert(1) "Q&A" word')).toBe(true);
    const url = `${ORIGIN}/job/${ids.open}`;
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
    expect(meta(doc, 'meta[property="og:url"]')).toBe(url);
    expect(meta(doc, 'meta[property="og:title"]')).toBe(doc.title);
    expect(meta(doc, 'meta[property="og:description"]')).toBe(description);
    expect(meta(doc, 'meta[property="og:type"]')).toBe('website');
    expect(meta(doc, 'meta[property="og:site_name"]')).toBe('Agora');
    // The hostile title stays text: the only scripts are the app's and the one data block.
    const scripts = [...doc.querySelectorAll('script')];
    expect(scripts.map((s) => s.getAttribute('type'))).toEqual(['module', 'application/ld+json']);
    expect(res.body).not.toContain('<script>alert');
    const ld = doc.getElementById('job-posting-ld')!;
    const data = JSON.parse(ld.textContent!);
    expect(data['@type']).toBe('JobPosting');
    expect(data.title).toBe(EVIL);
    expect(data.url).toBe(url);
    expect(data.hiringOrganization.name).toBe('Acme & Sons');
    const offset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
    expect(data.datePosted).toMatch(offset);
    expect(data.validThrough).toMatch(offset);
    expect(Number.isNaN(Date.parse(data.validThrough))).toBe(false);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: `/job/${ids.open}` });
    const again = await t.app.inject({
      method: 'GET',
      url: `/job/${ids.open}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A cache may send the tag back strong, or among others (RFC 9110 weak comparison).
    const bare = String(first.headers.etag).replace(/^W\//, '');
    const listed = await t.app.inject({
      method: 'GET',
      url: `/job/${ids.open}`,
      headers: { 'if-none-match': `"other", ${bare}` },
    });
    expect(listed.statusCode).toBe(304);
    const stale = await t.app.inject({
      method: 'GET',
      url: `/job/${ids.open}`,
      headers: { 'if-none-match': 'W/"other"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('gives a public job that takes no applications its head but no JobPosting', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/job/${ids.expired}` });
    expect(res.statusCode).toBe(200);
    const doc = headOf(res.body);
    expect(doc.title).toBe('Platform Engineer at Lifecycle Labs — Jobs Hub');
    expect(doc.getElementById('job-posting-ld')).toBeNull();
  });

  it.each([
    ['unknown', '00000000-0000-4000-8000-000000000000'],
    ['invalid', 'not-a-uuid'],
    ['pending', 'pending'],
    ['rejected', 'rejected'],
  ])('answers 404 with the plain index.html for a %s job', async (_label, key) => {
    const res = await t.app.inject({ method: 'GET', url: `/job/${ids[key] ?? key}` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX_HTML);
  });
});

describe('GET /idea/{id}', () => {
  it('serves index.html with the idea head', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/idea/${ids.idea}` });
    expect(res.statusCode).toBe(200);
    const doc = headOf(res.body);
    expect(doc.title).toBe(`Solar kiosks ${EVIL} — Innovators Space`);
    expect(meta(doc, 'meta[name="description"]')).toBe('Kiosks that charge phones.');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${ORIGIN}/idea/${ids.idea}`,
    );
    expect(meta(doc, 'meta[property="og:type"]')).toBe('article');
    expect([...doc.querySelectorAll('script')].map((s) => s.getAttribute('type'))).toEqual(['module']);
  });

  it('answers 404 for a hidden or unknown idea', async () => {
    for (const id of [ids.hiddenIdea, '00000000-0000-4000-8000-000000000000', 'x']) {
      const res = await t.app.inject({ method: 'GET', url: `/idea/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it('leaves other app pages to the SPA fallback', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ideas' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });
});

describe('GET /hackathon/{id}', () => {
  it('serves index.html with the hackathon head and its Event data, dates with an offset', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/hackathon/${ids.hackathon}` });
    expect(res.statusCode).toBe(200);
    const doc = headOf(res.body);
    const url = `${ORIGIN}/hackathon/${ids.hackathon}`;
    expect(doc.title).toBe('Open hack — Hackathons');
    expect(meta(doc, 'meta[name="description"]')).toBe('Build things.');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
    expect(meta(doc, 'meta[property="og:url"]')).toBe(url);
    const data = JSON.parse(doc.getElementById('hackathon-event-ld')!.textContent!);
    expect(data['@type']).toBe('Event');
    expect(data.name).toBe('Open hack');
    expect(data.url).toBe(url);
    const offset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
    expect(data.startDate).toMatch(offset);
    expect(data.endDate).toMatch(offset);
    expect(Date.parse(data.endDate)).toBeGreaterThan(Date.parse(data.startDate));
    expect(data.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect(data.location).toEqual({ '@type': 'VirtualLocation', url });
    expect(data.organizer).toEqual({ '@type': 'Organization', name: 'Org' });
    // The organiser's e-mail is for signed-in visitors only.
    expect(res.body).not.toContain('org@example.com');
  });

  it('marks the page head so the app can drop it on the next page, and keeps the site description', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/hackathon/${ids.hackathon}` });
    const doc = headOf(res.body);
    for (const sel of ['link[rel="canonical"]', 'meta[property="og:title"]', '#hackathon-event-ld']) {
      expect(doc.querySelector(sel)?.hasAttribute('data-page-head')).toBe(true);
    }
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('data-site-description')).toBe(
      'Agora — the generic description.',
    );
  });

  it('answers 404 for a pending, unknown or malformed hackathon', async () => {
    for (const id of [ids.pendingHackathon, '00000000-0000-4000-8000-000000000000', 'x']) {
      const res = await t.app.inject({ method: 'GET', url: `/hackathon/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(INDEX_HTML);
    }
  });
});

describe('robots.txt and sitemaps', () => {
  it('robots.txt allows the public pages, keeps crawlers out of the API and private pages, names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(robotsTxt(ORIGIN));
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const p of ['/api/', '/admin-portal', '/profile', '/my-', '/wallet', '/job/*/edit']) {
      expect(lines).toContain(`Disallow: ${p}`);
    }
    for (const p of ['/job/', '/idea/', '/hackathon/', '/questions']) {
      expect(lines.some((l) => l.startsWith('Disallow:') && p.startsWith(l.slice(10)))).toBe(false);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  const parseXml = (xml: string) => {
    expect(parser.validate(xml)).toBe(true);
    return parser.parse(xml, { ignoreAttributes: false });
  };
  const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

  it('sitemap.xml is an index of well-formed sitemaps with the public jobs, ideas and hackathons', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const index = parseXml(res.body).sitemapindex;
    expect(index['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const files = asList<{ loc: string }>(index.sitemap).map((s) => s.loc);
    expect(files).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/jobs.xml`,
      `${ORIGIN}/sitemaps/ideas.xml`,
      `${ORIGIN}/sitemaps/hackathons.xml`,
    ]);
    const urls: Array<{ loc: string; lastmod?: string }> = [];
    for (const file of files) {
      const page = await t.app.inject({ method: 'GET', url: file.slice(ORIGIN.length) });
      expect(page.statusCode).toBe(200);
      urls.push(...asList<{ loc: string; lastmod?: string }>(parseXml(page.body).urlset.url));
    }
    const locs = urls.map((u) => u.loc);
    expect(locs).toContain(`${ORIGIN}/jobhubs`);
    expect(locs).toContain(`${ORIGIN}/job/${ids.open}`);
    expect(locs).toContain(`${ORIGIN}/idea/${ids.idea}`);
    expect(locs).toContain(`${ORIGIN}/hackathon/${ids.hackathon}`);
    for (const gone of [ids.pending, ids.rejected, ids.expired, ids.hiddenIdea, ids.pendingHackathon]) {
      expect(locs.some((l) => l.endsWith(gone!))).toBe(false);
    }
    for (const u of urls.filter((u) => u.lastmod)) expect(u.lastmod).toMatch(/Z$/);
  });

  it('a bucket reads only the ids with its prefix', async () => {
    expect(bucketRange('3a')).toEqual({
      lo: '3a000000-0000-0000-0000-000000000000',
      hi: '3affffff-ffff-ffff-ffff-ffffffffffff',
    });
    const first = ids.open!.slice(0, 1);
    const other = first === '0' ? '1' : '0';
    const mine = await t.app.inject({ method: 'GET', url: `/sitemaps/jobs-${first}.xml` });
    expect(mine.body).toContain(`/job/${ids.open}`);
    const theirs = await t.app.inject({ method: 'GET', url: `/sitemaps/jobs-${other}.xml` });
    expect(theirs.body).not.toContain(`/job/${ids.open}`);
    expect(parser.validate(theirs.body)).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url: '/sitemaps/users.xml' });
    expect(bad.statusCode).toBe(404);
  });

  it('splits a kind into buckets by id prefix once it outgrows one, every row in exactly one', async () => {
    const poster = await signup(t.app);
    await t.database.db.insert(ideas).values(
      Array.from({ length: 2001 }, (_, i) => ({
        authorId: poster.user.id,
        title: `Idea ${i}`,
        description: 'Bulk.',
        category: 'Environment',
      })),
    );
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const files = asList<{ loc: string }>(parseXml(res.body).sitemapindex.sitemap).map((s) => s.loc);
    const buckets = files.filter((f) => f.includes('/sitemaps/ideas'));
    expect(buckets).toEqual([...'0123456789abcdef'].map((d) => `${ORIGIN}/sitemaps/ideas-${d}.xml`));
    expect(files).toContain(`${ORIGIN}/sitemaps/jobs.xml`);
    const seen: string[] = [];
    for (const file of buckets) {
      const page = await t.app.inject({ method: 'GET', url: file.slice(ORIGIN.length) });
      const urls = asList<{ loc: string }>(parseXml(page.body).urlset.url);
      expect(urls.length).toBeLessThanOrEqual(5000);
      seen.push(...urls.map((u) => u.loc));
    }
    expect(seen).toHaveLength(2002);
    expect(new Set(seen).size).toBe(2002);
    expect(seen).toContain(`${ORIGIN}/idea/${ids.idea}`);
  });
});
