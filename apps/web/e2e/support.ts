import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Flags from DEVELOPERS.md: this machine's network is closed, so background networking is off. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** How long a server may take to answer its readiness check. */
export const SERVER_START_MS = 180_000;

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the real, built server (apps/server/dist/main.js serving WEB_DIST or apps/web/dist) on a
 * fresh embedded database in a temporary DATA_DIR. Extra env (e.g. SESSION_IDLE_MINUTES) per call.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-e2e-'));
  const entry = process.env.E2E_SERVER_ENTRY || path.join(root, 'apps/server/dist/main.js');
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ADMIN_EMAIL: 'admin@agora.test',
      ADMIN_PASSWORD: 'admin-password-123',
      // Journeys arrange data through the API much faster than a person (limits: API tests).
      RATE_LIMIT_READS: '100000',
      RATE_LIMIT_SEARCHES: '100000',
      RATE_LIMIT_WRITES: '100000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a loaded 2-core machine a cold start (WASM database + migrations) has taken 40 s,
  // and longer when other builds and databases share the cores.
  const deadline = Date.now() + SERVER_START_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health/ready`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      // Never leave an orphan server running after a failed start.
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not start in ${SERVER_START_MS / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function newPage(
  browser: Browser,
  opts: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
  });
  const page = await context.newPage();
  return { context, page };
}

/** Signs up through the API and returns the token and user (for arranging a test quickly). */
export async function apiSignup(
  baseUrl: string,
  body: { name: string; email: string; password: string; role?: string },
): Promise<{ token: string; user: { id: string; name: string; email: string; role: string } }> {
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`signup failed ${res.status} ${await res.text()}`);
  return res.json() as never;
}

/** The password of the accounts a journey signs up with `apiSignupAll`. */
export const TEST_PASSWORD = 'password-123';

export type Session = Awaited<ReturnType<typeof apiSignup>>;

/**
 * Signs up a journey's cast in order, one account per key: `<key>@<domain>`, TEST_PASSWORD, the
 * name and (optional) role given. Each journey file runs on its own server, so the addresses only
 * need to be unique within it.
 */
export async function apiSignupAll<K extends string>(
  baseUrl: string,
  domain: string,
  people: Record<K, { name: string; role?: 'questioner' | 'answerer' }>,
): Promise<Record<K, Session>> {
  const cast = {} as Record<K, Session>;
  for (const key of Object.keys(people) as K[]) {
    const { name, role } = people[key];
    cast[key] = await apiSignup(baseUrl, { name, email: `${key}@${domain}`, password: TEST_PASSWORD, role });
  }
  return cast;
}

/** The pages the shell itself builds (no portal data): home, portals, sign-in and up, info pages. */
export const SHELL_PAGES = [
  '/',
  '/portals',
  '/login',
  '/signup',
  '/role-login',
  '/about',
  '/contact',
  '/careers',
  '/terms',
  '/question-portal-info',
  '/ideas-portal-info',
  '/hackathon-portal-info',
  '/jobhubs-portal-info',
  '/events-portal-info',
] as const;

/**
 * Calls the API as `token` (or as a visitor) with a JSON or FormData body and returns its JSON answer
 * (null for 204), for arranging a journey or checking the server's side of it; any answer but 2xx
 * throws with its body.
 */
export async function apiJson<T>(
  baseUrl: string,
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const isForm = body instanceof FormData;
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body && !isForm ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? (isForm ? body : JSON.stringify(body)) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return (res.status === 204 ? null : await res.json()) as T;
}

/** The admin's token (the ADMIN_EMAIL / ADMIN_PASSWORD every journey's server starts with). */
export async function adminToken(baseUrl: string): Promise<string> {
  const login = await apiJson<{ token: string }>(baseUrl, 'POST', '/api/auth/login', null, {
    email: 'admin@agora.test',
    password: 'admin-password-123',
  });
  return login.token;
}

/**
 * An admin's decision on a job: it names the version the review queue shows (`updatedAt`), as the
 * admin screen does; a posting changed since would be refused. Throws unless the decision is taken.
 */
export async function reviewJob(
  baseUrl: string,
  token: string,
  job: { id: string; title: string },
  decision: 'approve' | 'reject',
  reason?: string,
): Promise<void> {
  const queue = await apiJson<Array<{ _id: string; updatedAt: string }>>(
    baseUrl,
    'GET',
    `/api/admin/jobs?status=pending&q=${encodeURIComponent(job.title)}`,
    token,
  );
  const item = queue.find((j) => j._id === job.id);
  if (!item) throw new Error(`job ${job.id} is not in the review queue`);
  const res = await fetch(`${baseUrl}/api/admin/jobs/${job.id}/${decision}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...(reason === undefined ? {} : { reason }), updatedAt: item.updatedAt }),
  });
  if (res.status !== 200) throw new Error(`${decision} job ${job.id} → ${res.status} ${await res.text()}`);
}

/**
 * Posts a job as `session` and has the admin approve it, as the review screen does; returns its id.
 * `fields` replace the defaults (an engineering job at Orbit Labs in Pune).
 */
export async function postApprovedJob(
  baseUrl: string,
  session: { token: string },
  title: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/jobs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      description: 'Build and run the platform our teams ship on.',
      company: { name: 'Orbit Labs' },
      location: { city: 'Pune', state: 'Maharashtra', country: 'India' },
      category: 'Engineering',
      contactEmail: 'hiring@orbit.example.com',
      ...fields,
    }),
  });
  if (res.status !== 201) throw new Error(`posting job ${title} → ${res.status} ${await res.text()}`);
  const id = ((await res.json()) as { job: { _id: string } }).job._id;
  await reviewJob(baseUrl, await adminToken(baseUrl), { id, title }, 'approve');
  return id;
}

/** How far the page is wider than the screen (≤ 0: nothing scrolls sideways). */
export function noOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** A minimal PDF for a journey to attach as a document (the server types an upload by its bytes). */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

/**
 * Asks a question through the API the way the product does: create it, then pay its reward through
 * the sandbox checkout and verify (an unpaid question is visible to its author only).
 */
export async function apiAskQuestion<T extends { _id: string } = { _id: string; title: string }>(
  baseUrl: string,
  session: { token: string },
  body: Record<string, unknown>,
): Promise<T> {
  const call = async (url: string, payload: unknown, expected: number) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify(payload),
    });
    if (res.status !== expected) throw new Error(`${url} failed ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const q = (await call('/api/questions', body, 201)) as T & { rewardAmount: number };
  if (q.rewardAmount > 0) {
    const order = await call(
      '/api/payments/create-order',
      { questionId: q._id, amount: q.rewardAmount / 100 },
      200,
    );
    const signed = await call('/api/payments/sandbox/pay', { orderId: order.orderId }, 200);
    await call('/api/payments/verify', { ...signed, questionId: q._id }, 200);
  }
  return q;
}

/** Puts a session into the page's localStorage the way the login screen does. */
export async function signInPage(page: Page, baseUrl: string, session: { token: string; user: unknown }) {
  await page.goto(`${baseUrl}/portals`);
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, session);
}

/** A w×h gradient PNG: a realistic banner, logo or attachment for an upload. */
export function gradientPng(w: number, h: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) {
      row[1 + x * 3] = 20 + Math.round((x / w) * 40);
      row[2 + x * 3] = 110 + Math.round((y / h) * 80);
      row[3 + x * 3] = 70 + Math.round((x / w) * 120);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const AXE_PATH = path.join(root, 'node_modules/axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe-core's serious and critical violations on the page as it is now (the bar: none on any page
 * the suite visits). The page's context must bypass the CSP (newAxePage) so that axe
 * can be injected. `exclude`: CSS selectors of regions another test scans.
 */
export async function axeViolations(page: Page, exclude: string[] = []): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const all = await page.evaluate(async (excluded) => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          ctx: unknown,
          opts: unknown,
        ) => Promise<{
          violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
        }>;
      };
    };
    const r = await axe.run(excluded.length ? { exclude: excluded.map((s) => [s]) } : document, {
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  }, exclude);
  return all.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A page whose context bypasses the app's CSP (no inline scripts), so axe-core can be injected. */
export async function newAxePage(
  browser: Browser,
  opts: { width?: number; height?: number; reducedMotion?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    bypassCSP: true,
    ...(opts.reducedMotion ? { reducedMotion: 'reduce' as const } : {}),
  });
  return { context, page: await context.newPage() };
}
