// Stored XSS: script and event-handler payloads go into every text field the web renders
// (question, answer, idea, tags, contact info, comment, hackathon, job, profile name, contact
// message), then the pages that show them are opened as a visitor, as the author and as an admin.
// Pass: no script runs (the window flag is never set, no dialog opens), no payload becomes markup
// (no element with an inline handler, no script carrying it, no javascript: link), and the CSP
// never had to block anything (it is the second line of defence, not the first).
//   npm run test:e2e -- xss
import type { Page } from '@playwright/test';
import { expect, test, serverForThisFile } from './fixtures';
import { apiAskQuestion, apiSignup, signInPage } from './support';

const server = serverForThisFile();

/** A payload for one field; its marker shows that the field was rendered (as text). */
const p = (field: string) =>
  `XSS-${field}<img src=x onerror="__xss='${field}';alert(1)"><script>__xss=2</script>`;
/** For fields with a short limit. */
const short = (field: string) => `XSS-${field}<svg onload=alert(1)>`;
const md = (field: string) =>
  `XSS-${field} [click me](javascript:window.__xss='${field}') ![x](javascript:alert(1))`;

interface Session {
  token: string;
  user: { id: string; name: string; email: string; role: string };
}

async function api(
  path: string,
  s: Session | null,
  method = 'GET',
  body?: unknown,
  raw?: { body: FormData },
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(s ? { authorization: `Bearer ${s.token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: raw ? raw.body : body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** An admin approves a pending item, naming the version its review queue shows (as the admin screen does). */
async function approve(kind: 'jobs' | 'hackathons', id: string) {
  const queue = (await api(`/api/admin/${kind}?status=pending&limit=100`, admin)) as Array<{
    _id: string;
    updatedAt: string;
  }>;
  const item = queue.find((x) => x._id === id);
  if (!item) throw new Error(`${kind} ${id} is not in the review queue`);
  await api(`/api/admin/${kind}/${id}/approve`, admin, 'POST', { updatedAt: item.updatedAt });
}

let asker: Session;
let answerer: Session;
let admin: Session;
const ids: Record<string, string> = {};

test.beforeAll(async () => {
  asker = await apiSignup(server.url, {
    name: p('signup-name'),
    email: 'asker@xss.test',
    password: 'xss-asker-password',
    role: 'questioner',
  });
  answerer = await apiSignup(server.url, {
    name: 'Answerer',
    email: 'answerer@xss.test',
    password: 'xss-answerer-password',
    role: 'answerer',
  });
  admin = await api('/api/auth/login', null, 'POST', {
    email: 'admin@agora.test',
    password: 'admin-password-123',
  });
  await api('/api/users/me', answerer, 'PUT', { name: short('name'), displayName: short('display') });

  const q = await apiAskQuestion(server.url, asker, {
    title: p('q-title'),
    description: `${p('q-desc')}\n\n${md('q-md')}`,
    category: 'Technology',
  });
  ids.question = q._id;
  await api(`/api/questions/${q._id}/answers`, answerer, 'POST', {
    content: `${p('answer')}\n\n${md('a-md')}`,
  });

  const idea = await api('/api/ideas', asker, 'POST', {
    title: p('idea-title'),
    description: `${p('idea-desc')}\n${md('idea-md')}`,
    category: 'Technology',
    tags: [short('tag')],
    contactInfo: p('contact-info'),
  });
  ids.idea = idea._id;
  await api(`/api/ideas/${idea._id}/comments`, answerer, 'POST', { content: p('comment') });

  const form = new FormData();
  const start = new Date(Date.now() + 14 * 86_400_000);
  form.append('title', p('h-title'));
  form.append('description', `${p('h-desc')}\n${md('h-md')}`);
  form.append('category', 'AI/ML');
  form.append('organizer', JSON.stringify({ name: short('org'), email: 'org@xss.test', phone: short('ph') }));
  form.append(
    'eventDetails',
    JSON.stringify({
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 2 * 86_400_000).toISOString(),
      location: p('h-location'),
      locationType: 'hybrid',
    }),
  );
  form.append('prizes', JSON.stringify({ prizePool: p('h-prize'), judgingCriteria: p('h-judging') }));
  form.append('requirements', p('h-requirements'));
  form.append('additionalInfo', p('h-info'));
  form.append('tags', JSON.stringify([short('htag')]));
  const h = await api('/api/hackathons/submit', asker, 'POST', undefined, { body: form });
  ids.hackathon = h.hackathon._id;
  await approve('hackathons', ids.hackathon);

  const job = await api('/api/jobs', asker, 'POST', {
    title: p('job-title'),
    description: `${p('job-desc')}\n${md('job-md')}`,
    company: { name: p('company') },
    location: { city: short('city'), state: short('state'), country: short('country') },
    category: 'Engineering',
    salary: short('salary'),
    requirements: p('job-req'),
    benefits: p('job-benefits'),
    skills: [short('skill')],
    experience: p('job-exp'),
    education: p('job-edu'),
    contactEmail: 'jobs@xss.test',
  });
  ids.job = (job.job ?? job)._id;
  await approve('jobs', ids.job);

  await api('/api/contact', null, 'POST', {
    name: short('c-name'),
    email: 'c@xss.test',
    subject: p('c-subject'),
    category: 'Other',
    message: p('c-message'),
  });
});

interface Visit {
  url: string;
  markers: string[];
}

async function inspect(page: Page, v: Visit, problems: string[]) {
  await page.goto(v.url);
  // Each field shown (as text) proves the page rendered it; then lazy chunks and queries settle.
  for (const m of v.markers)
    await expect(page.locator('body'), `${v.url}: the field "${m}" is rendered`).toContainText(`XSS-${m}`);
  await page.waitForLoadState('networkidle');
  const state = await page.evaluate(() => {
    const w = window as unknown as { __xss?: unknown };
    const handlers = [...document.querySelectorAll('*')].filter((el) =>
      [...el.attributes].some((a) => /^on/i.test(a.name)),
    );
    // Executable scripts only: a JSON-LD data block may carry the text (checked below).
    const executable = (s: HTMLScriptElement) =>
      !s.type || /^(text|application)\/(java|ecma)script$|^module$/i.test(s.type);
    const scripts = [...document.scripts].filter(
      (s) => executable(s) && (s.textContent ?? '').includes('__xss'),
    );
    // A data block must not contain "</" either: serialised and parsed again (prerendering, a saved
    // page) it would end the element and turn the rest into markup.
    const dataBlocks = [...document.scripts].filter((s) => !executable(s) && /<\//.test(s.textContent ?? ''));
    const jsLinks = [...document.querySelectorAll('[href],[src],[action],[formaction]')].filter((el) =>
      ['href', 'src', 'action', 'formaction'].some((n) => /^\s*javascript:/i.test(el.getAttribute(n) ?? '')),
    );
    return {
      flag: w.__xss ?? null,
      handlers: handlers.map((el) => el.outerHTML.slice(0, 120)),
      scripts: scripts.length,
      dataBlocks: dataBlocks.map((d) => `${d.type}: ${(d.textContent ?? '').slice(0, 80)}`),
      jsLinks: jsLinks.map((el) => el.outerHTML.slice(0, 120)),
    };
  });
  if (state.flag !== null) problems.push(`${v.url}: a payload ran (window.__xss = ${String(state.flag)})`);
  if (state.handlers.length)
    problems.push(`${v.url}: inline handlers in the DOM: ${state.handlers.join(' | ')}`);
  if (state.scripts) problems.push(`${v.url}: ${state.scripts} injected script element(s)`);
  if (state.dataBlocks.length)
    problems.push(`${v.url}: "</" unescaped in a data block: ${state.dataBlocks.join(' | ')}`);
  if (state.jsLinks.length) problems.push(`${v.url}: javascript: URLs: ${state.jsLinks.join(' | ')}`);
}

/** Opens each page as `who` (or a visitor) and lists what went wrong; nothing may. */
async function visitAll(page: Page, who: Session | null, visits: Visit[]): Promise<string[]> {
  const problems: string[] = [];
  page.on('dialog', async (d) => {
    problems.push(`${page.url()}: a ${d.type()} dialog opened: ${d.message()}`);
    await d.dismiss();
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) {
      problems.push(`${page.url()}: the CSP had to block something: ${m.text().slice(0, 200)}`);
    }
  });
  page.on('pageerror', (e) => {
    if (/__xss/.test(e.message)) problems.push(`${page.url()}: ${e.message}`);
  });
  if (who) await signInPage(page, server.url, who);
  for (const v of visits) await inspect(page, v, problems);
  return problems;
}

test.describe('stored XSS', () => {
  test('renders every payload as text for a visitor', async ({ page }) => {
    const problems = await visitAll(page, null, [
      { url: '/questions', markers: ['q-title'] },
      { url: `/question/${ids.question}`, markers: ['q-title', 'q-desc', 'q-md'] },
      { url: '/ideas', markers: ['idea-title'] },
      {
        url: `/idea/${ids.idea}`,
        markers: ['idea-title', 'idea-desc', 'idea-md', 'comment', 'tag', 'display'],
      },
      { url: '/hackathons?tab=upcoming', markers: ['h-title'] },
      {
        url: `/hackathon/${ids.hackathon}`,
        markers: ['h-title', 'h-desc', 'h-md', 'h-prize', 'h-location', 'h-judging', 'org', 'htag'],
      },
      { url: '/jobhubs', markers: ['job-title'] },
      {
        url: `/job/${ids.job}`,
        markers: ['job-title', 'job-desc', 'job-md', 'company', 'city', 'skill', 'job-exp', 'job-edu'],
      },
    ]);
    expect(problems).toEqual([]);
  });

  test('renders every payload as text for the author (answers, profile, own lists)', async ({ page }) => {
    const problems = await visitAll(page, asker, [
      { url: `/question/${ids.question}`, markers: ['q-title', 'answer', 'a-md', 'display'] },
      { url: '/questioner-portal', markers: ['q-title'] },
      { url: '/profile', markers: ['signup-name'] },
      { url: `/idea/${ids.idea}`, markers: ['idea-title', 'contact-info', 'comment'] },
      { url: '/my-hackathons', markers: ['h-title'] },
      { url: `/hackathon/${ids.hackathon}`, markers: ['h-title', 'h-requirements', 'h-info'] },
      { url: `/job/${ids.job}`, markers: ['job-title', 'job-req', 'job-benefits'] },
    ]);
    expect(problems).toEqual([]);
  });

  test('renders every payload as text for an admin (moderation lists, contact messages)', async ({
    page,
  }) => {
    const problems = await visitAll(page, admin, [
      { url: '/admin-portal', markers: [] },
      { url: '/admin-portal/users', markers: ['signup-name'] },
      { url: '/admin-portal/questions', markers: ['q-title'] },
      { url: '/admin-portal/ideas', markers: ['idea-title'] },
      { url: '/admin-portal/hackathons', markers: [] },
      { url: '/admin-portal/jobs', markers: [] },
      { url: '/admin-portal/contact-messages', markers: ['c-subject', 'c-message', 'c-name'] },
      { url: '/admin-portal/audit-log', markers: [] },
    ]);
    expect(problems).toEqual([]);
  });

  test('refuses javascript: URLs where the API takes a link', async () => {
    const res = await fetch(`${server.url}/api/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${asker.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Linked',
        description: 'x',
        company: { name: 'Acme', website: 'javascript:alert(1)' },
        location: { city: 'Pune' },
        category: 'Engineering',
        contactEmail: 'jobs@xss.test',
      }),
    });
    expect(res.status).toBe(400);
  });
});
