import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSIBLE_TYPES } from '../src/lib/compression.js';
import { storeUpload } from '../src/lib/uploads.js';
import { createQuestion } from '../src/modules/questions/questions.fixtures.js';
import { buildTestApp, dbKind, makeAdmin, signup, type TestApp, type TestUser } from './helpers.js';

const BR = { 'accept-encoding': 'br, gzip' };
const GZIP = { 'accept-encoding': 'gzip' };

/** A web build's hashed asset with the .br/.gz copies the Vite build writes beside it. */
const ASSET = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const INDEX_HTML = `<!doctype html><html><head><title>Agora</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

describe(`response compression (${dbKind})`, () => {
  let t: TestApp;
  let webDist: string;
  let admin: TestUser;
  const cache = () => t.app.responseCache!;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'agora-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), ASSET);
    writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(ASSET));
    writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js.gz'), gzipSync(ASSET));
    t = await buildTestApp({ config: { webDist, responseCache: { enabled: true, ttlMs: 60_000 } } });
    admin = await signup(t.app, { name: 'Ada Admin' });
    await makeAdmin(t, admin);
    // Three approved jobs: a list well above the 1 KB threshold. Postings are limited per
    // account, so each has its own poster.
    for (let i = 0; i < 3; i++) {
      const poster = await signup(t.app);
      const posted = await t.app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: poster.auth,
        payload: {
          title: `Backend Engineer ${i}`,
          description: 'Build and run the APIs behind our marketplace, from schema to pager.',
          company: { name: `Acme Labs ${i}`, website: 'https://acme.example.com', logo: '' },
          location: { city: 'Pune', state: 'Maharashtra', country: 'India' },
          category: 'Engineering',
          type: 'Full-time',
          level: 'Mid-level',
          salary: '$40,000 - $60,000',
          requirements: 'Three years of production experience.',
          benefits: 'Health insurance',
          skills: 'Node.js, PostgreSQL',
          experience: '3+ years',
          education: "Bachelor's degree",
          contactEmail: 'jobs@acme.example.com',
          isRemote: false,
        },
      });
      expect(posted.statusCode, posted.body).toBe(201);
      const job = posted.json().job as { _id: string; updatedAt: string };
      const approved = await t.app.inject({
        method: 'POST',
        url: `/api/admin/jobs/${job._id}/approve`,
        headers: admin.auth,
        payload: { updatedAt: job.updatedAt },
      });
      expect(approved.statusCode, approved.body).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  /** Asks until `url` is answered from memory (on PostgreSQL, earlier writes' notifications arrive a moment later). */
  async function cached(url: string) {
    await expect
      .poll(
        async () => {
          const hits = cache().hits;
          await get(url);
          return cache().hits === hits + 1;
        },
        { timeout: 5000, interval: 50 },
      )
      .toBe(true);
  }

  it('sends a JSON list as brotli (or gzip) to a client that accepts it, the same JSON decoded', async () => {
    // Signed in: not from the response cache, so @fastify/compress does the work.
    const plain = await get('/api/jobs', admin.auth);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.json().jobs).toHaveLength(3);

    const br = await get('/api/jobs', { ...admin.auth, ...BR });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get('/api/jobs', { ...admin.auth, ...GZIP });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends it as it is without Accept-Encoding, with identity, or with an encoding it does not offer', async () => {
    const plain = await get('/api/jobs', admin.auth);
    for (const header of [undefined, 'identity', 'compress', 'br;q=0, gzip;q=0']) {
      const res = await get('/api/jobs', { ...admin.auth, ...(header ? { 'accept-encoding': header } : {}) });
      expect(res.headers['content-encoding'], header).toBeUndefined();
      expect(res.body, header).toBe(plain.body);
    }
  });

  it('leaves a small body (under 1 KB) alone', async () => {
    const res = await get('/api/health', BR);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('status');
  });

  it('compresses a cached list once per encoding and sends the same bytes on every hit', async () => {
    const url = '/api/jobs?limit=20';
    await cached(url);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const before = cache().compressions;

    const hits = cache().hits;
    const first = await get(url, BR);
    const second = await get(url, BR);
    expect(cache().hits).toBe(hits + 2);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(Number(second.headers['content-length'])).toBe(second.rawPayload.length);
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(plain.body);
    // Paging headers are still those of the stored response.
    expect(second.headers['x-total-count']).toBe(plain.headers['x-total-count']);
    expect(cache().compressions).toBe(before + 1);

    const gz = [await get(url, GZIP), await get(url, GZIP)];
    expect(gz.map((r) => r.headers['content-encoding'])).toEqual(['gzip', 'gzip']);
    expect(gunzipSync(gz[1]!.rawPayload).toString()).toBe(plain.body);
    expect(cache().compressions).toBe(before + 2);
    // And a client without Accept-Encoding still gets the stored body as it is.
    expect((await get(url)).rawPayload.equals(plain.rawPayload)).toBe(true);
    expect(cache().compressions).toBe(before + 2);
  });

  it('compresses on the miss that fills an entry, so its first hit compresses nothing', async () => {
    const url = '/api/jobs?limit=19';
    // The first request to reach the database (earlier writes' notifications may drop one fill).
    await expect
      .poll(
        async () => {
          const misses = cache().misses;
          const hits = cache().hits;
          const before = cache().compressions;
          const res = await get(url, BR);
          expect(res.headers['content-encoding']).toBe('br');
          const hit = await get(url, BR);
          return (
            cache().misses === misses + 1 &&
            cache().hits === hits + 1 &&
            cache().compressions === before + 1 &&
            hit.rawPayload.equals(res.rawPayload)
          );
        },
        { timeout: 5000, interval: 50 },
      )
      .toBe(true);
  });

  it('keeps the compressed copy of a page with a view count while the count it shows is unchanged', async () => {
    const author = await signup(t.app);
    const q = await createQuestion(t.app, author, { description: 'Why is this slow? '.repeat(80) });
    const url = `/api/questions/${q._id}`;
    await cached(url);
    const plain = await get(url);
    const before = cache().compressions;
    const a = await get(url, BR);
    const b = await get(url, BR);
    expect(a.headers['content-encoding']).toBe('br');
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(b.rawPayload).toString())).toEqual(plain.json());
    expect(cache().compressions).toBe(before + 1);
    // A new visitor's view changes the count: the next body is compressed again, and shows it.
    const other = await get(url, { ...BR, 'user-agent': 'another browser' });
    const shown = JSON.parse(brotliDecompressSync(other.rawPayload).toString()) as { views: number };
    expect(shown.views).toBe(plain.json().views + 1);
    expect(cache().compressions).toBe(before + 2);
  });

  it('serves a built asset precompressed with the right Content-Encoding and Content-Type', async () => {
    const url = '/assets/app-1a2b3c.js';
    const br = await get(url, BR);
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.equals(brotliCompressSync(ASSET))).toBe(true);

    const gz = await get(url, GZIP);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe(br.headers['content-type']);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
    // The app's pages (index.html, no precompressed copy here) are compressed on the way out.
    const page = await get('/questions', BR);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('keeps downloads working: a PDF as stored, a text file compressed and whole', async () => {
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'),
      Buffer.alloc(4000, 0x20),
      Buffer.from('%%EOF\n'),
    ]);
    const storedPdf = await storeUpload(
      t.app.ctx,
      { buffer: pdf, filename: 'brief.pdf' },
      {
        ownerId: admin.user.id,
        purpose: 'question-attachment',
        allowed: ['application/pdf'],
        invalidMessage: 'bad',
      },
    );
    const gotPdf = await get(storedPdf.url, BR);
    expect(gotPdf.statusCode).toBe(200);
    expect(gotPdf.headers['content-encoding']).toBeUndefined();
    expect(Number(gotPdf.headers['content-length'])).toBe(pdf.length);
    expect(gotPdf.rawPayload.equals(pdf)).toBe(true);

    const text = Buffer.from('line of notes, plain text\n'.repeat(200));
    const storedText = await storeUpload(
      t.app.ctx,
      { buffer: text, filename: 'notes.txt' },
      {
        ownerId: admin.user.id,
        purpose: 'question-attachment',
        allowed: [],
        allowText: true,
        invalidMessage: 'bad',
      },
    );
    const gotText = await get(storedText.url, BR);
    expect(gotText.statusCode).toBe(200);
    expect(gotText.headers['content-encoding']).toBe('br');
    expect(gotText.headers['content-disposition']).toMatch(/^attachment/);
    expect(brotliDecompressSync(gotText.rawPayload).equals(text)).toBe(true);
  });

  it('over a real socket: compressed bytes on the wire, and fetch decodes them', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const wire = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path: '/api/jobs?limit=18', headers: BR }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
    expect(wire.headers['content-encoding']).toBe('br');
    const decoded = JSON.parse(brotliDecompressSync(wire.body).toString()) as { jobs: unknown[] };
    expect(decoded.jobs).toHaveLength(3);
    const res = await fetch(`http://127.0.0.1:${port}/api/jobs?limit=18`);
    expect(await res.json()).toEqual(decoded);
  });

  it('never compresses an event stream (it must flush as it goes)', () => {
    expect(COMPRESSIBLE_TYPES.test('text/event-stream')).toBe(false);
    expect(COMPRESSIBLE_TYPES.test('application/json; charset=utf-8')).toBe(true);
    expect(COMPRESSIBLE_TYPES.test('text/html; charset=utf-8')).toBe(true);
    expect(COMPRESSIBLE_TYPES.test('application/octet-stream')).toBe(false);
  });
});
