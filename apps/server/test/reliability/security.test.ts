// Security checks not covered by the areas' own tests: password storage and policy, hostile
// uploads (lying magic bytes, SVG/HTML, traversal, size, zip bombs), the Content-Security-Policy
// of the web app, and secrets kept out of the logs even when a query fails.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { LIMITS, MSG } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../src/modules/auth/common-passwords.js';
import { makeQuestion } from '../../src/modules/admin/admin.fixtures.js';
import { makePng, multipart } from '../../src/modules/questions/questions.fixtures.js';
import { buildTestApp, expectErrorBody, signup, type TestApp, type TestUser } from '../helpers.js';
import { PDF } from './world.js';
import { rowsOf } from '../../src/db/prepared.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestApp;
let webDist: string;
let asker: TestUser;
let answerer: TestUser;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'agora-web-'));
  writeFileSync(path.join(webDist, 'index.html'), readFileSync(path.join(root, 'apps/web/index.html')));
  t = await buildTestApp({ config: { webDist }, logger: { level: 'info', stream: logStream } });
  asker = await signup(t.app, { role: 'questioner' });
  answerer = await signup(t.app, { role: 'answerer' });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function trySignup(password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Pat', email: `pat-${Math.random()}@example.com`, password },
  });
}

describe('passwords', () => {
  it('stores argon2id hashes, never the password', async () => {
    const password = 'a-Distinct-passphrase-42';
    const res = await trySignup(password);
    expect(res.statusCode).toBe(201);
    const rows = await t.database.db.execute(
      sql`select password_hash from users where id = ${res.json().user.id}::uuid`,
    );
    const hash = rowsOf<{ password_hash: string }>(rows)[0]!.password_hash;
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    expect(hash).not.toContain(password);
  });

  it('accepts 8 to at least 64 characters (unicode too) and signs in with them', async () => {
    expect((await trySignup('seven77')).statusCode).toBe(400);
    for (const password of [
      'eight888',
      'x'.repeat(30) + 'ünïcødé 🔑'.repeat(3),
      'L'.repeat(64),
      'm'.repeat(LIMITS.passwordMax),
    ]) {
      const res = await trySignup(password);
      expect(res.statusCode, password).toBe(201);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: res.json().user.email, password },
      });
      expect(login.statusCode).toBe(200);
    }
    const tooLong = await trySignup('n'.repeat(LIMITS.passwordMax + 1));
    expect(tooLong.statusCode).toBe(400);
    expectErrorBody(tooLong.json());
  });

  it('refuses a common password at signup with a clear message, whatever its case', async () => {
    for (const password of ['password123', 'Password1', ' qwertyuiop ', 'ILOVEYOU', '1q2w3e4r5t']) {
      const res = await trySignup(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', error: MSG.passwordTooCommon });
      expect(res.json().details).toEqual([{ field: 'body.password', message: MSG.passwordTooCommon }]);
    }
    expect(isCommonPassword('correct horse battery staple')).toBe(true);
    expect(isCommonPassword('a-Distinct-passphrase-42')).toBe(false);
  });
});

// ---------------------------------------------------------------- uploads

async function uploadAttachment(who: TestUser, file: { name: string; data: Buffer; type?: string }) {
  const q = await makeQuestion(t.database.db, asker);
  const mp = await multipart({}, { field: 'attachment', ...file });
  return t.app.inject({
    method: 'POST',
    url: `/api/questions/${q.id}/answers/upload`,
    headers: { ...who.auth, ...mp.headers },
    payload: mp.payload,
  });
}

async function questionWithImage(file: { name: string; data: Buffer; type?: string }) {
  const mp = await multipart(
    { title: 'With an image', description: 'See the picture', category: 'Technology' },
    { field: 'image', ...file },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/questions',
    headers: { ...asker.auth, ...mp.headers },
    payload: mp.payload,
  });
}

/** A zip whose one entry inflates to `inflated` bytes of zeros (a "zip bomb" in miniature). */
function zipBomb(inflated: number): Buffer {
  const data = Buffer.alloc(inflated);
  const packed = deflateRawSync(data, { level: 9 });
  const name = Buffer.from('zeros.bin');
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(inflated, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(inflated, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + packed.length, 16);
  return Buffer.concat([local, name, packed, central, name, end]);
}

describe('uploads', () => {
  it('decides the type from the bytes: a script named .png is refused, a PNG named .exe is stored as .png', async () => {
    const fake = await questionWithImage({
      name: 'shell.png',
      data: Buffer.from('<?php system($_GET[1]); ?>'),
      type: 'image/png',
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toBe(MSG.invalidImage);
    const disguised = await questionWithImage({
      name: 'photo.exe',
      data: makePng(4, 4),
      type: 'application/x-msdownload',
    });
    expect(disguised.statusCode).toBe(201);
    const key = String(disguised.json().image);
    expect(key).toMatch(/\/uploads\/[a-f0-9]{32}\.png$/);
    // A PNG signature in front of anything else is not an image either.
    const prefixed = await questionWithImage({
      name: 'x.png',
      data: Buffer.concat([makePng().subarray(0, 16), Buffer.from('<script>alert(1)</script>')]),
    });
    expect(prefixed.statusCode).toBe(400);
  });

  it('never accepts SVG or HTML as files to serve; text is served as an attachment with nosniff', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    );
    expect((await questionWithImage({ name: 'logo.svg', data: svg, type: 'image/svg+xml' })).statusCode).toBe(
      400,
    );
    expect(
      (await uploadAttachment(answerer, { name: 'logo.svg', data: svg, type: 'image/svg+xml' })).statusCode,
    ).toBe(400);
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    expect(
      (await uploadAttachment(answerer, { name: 'page.html', data: html, type: 'text/html' })).statusCode,
    ).toBe(400);
    // The same bytes under a text name are accepted as plain text, and can never render as a page.
    const asText = await uploadAttachment(answerer, { name: 'page.txt', data: html, type: 'text/html' });
    expect(asText.statusCode).toBe(201);
    const served = await t.app.inject(asText.json().attachment.url);
    expect(served.headers['content-type']).toMatch(/^text\/plain/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it('stores files under random names inside the uploads folder, whatever the client calls them', async () => {
    const names = [
      '../../../../tmp/evil.pdf',
      '..\\..\\windows\\evil.pdf',
      '/etc/passwd.pdf',
      'a\u0000b.pdf',
    ];
    const keys: string[] = [];
    for (const name of names) {
      const res = await uploadAttachment(answerer, { name, data: PDF, type: 'application/pdf' });
      expect(res.statusCode, name).toBe(201);
      const a = res.json().attachment;
      expect(a.filename).toMatch(/^[a-f0-9]{32}\.pdf$/);
      expect(a.originalName).not.toMatch(/[/\\]/);
      expect(a.originalName.includes(String.fromCharCode(0))).toBe(false);
      keys.push(a.filename);
    }
    expect(new Set(keys).size).toBe(keys.length);
    const stored = readdirSync(path.join(t.dataDir, 'uploads'));
    for (const k of keys) expect(stored).toContain(k);
    expect(existsSync('/tmp/evil.pdf')).toBe(false);
  });

  it('refuses path traversal and unknown keys when serving', async () => {
    mkdirSync(path.join(t.dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(t.dataDir, 'secret.txt'), 'top secret');
    for (const url of [
      '/uploads/..%2Fsecret.txt',
      '/uploads/%2e%2e%2fsecret.txt',
      '/uploads/..%5csecret.txt',
      '/uploads/....//secret.txt',
      `/uploads/${'a'.repeat(32)}.png`,
      '/uploads/jwt-secret',
      '/uploads/%00',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('top secret');
      expectErrorBody(res.json());
    }
  });

  it('enforces size limits with 413: image 5 MB, attachment 10 MB, JSON body 1 MB', async () => {
    const bigPng = Buffer.concat([makePng(8, 8), Buffer.alloc(LIMITS.imageBytes + 1)]);
    const img = await questionWithImage({ name: 'big.png', data: bigPng, type: 'image/png' });
    expect(img.statusCode).toBe(413);
    expect(img.json().error).toBe(MSG.imageTooLarge);
    const bigPdf = Buffer.concat([PDF, Buffer.alloc(LIMITS.attachmentBytes + 1)]);
    const att = await uploadAttachment(answerer, { name: 'big.pdf', data: bigPdf, type: 'application/pdf' });
    expect(att.statusCode).toBe(413);
    expectErrorBody(att.json());
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/ideas',
      headers: { ...asker.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'x', description: 'y'.repeat(1024 * 1024), category: 'Technology' }),
    });
    expect(json.statusCode).toBe(413);
    expectErrorBody(json.json());
  });

  it('never inflates a zip bomb: it is judged by the bytes received, and an oversize one is refused', async () => {
    // 10 MB of zeros packs into ~10 kB: accepted as the small file it is, stored as-is, not expanded.
    const bomb = zipBomb(10 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const small = await uploadAttachment(answerer, { name: 'bomb.zip', data: bomb, type: 'application/zip' });
    expect(small.statusCode).toBe(201);
    expect(small.json().attachment.size).toBe(bomb.length);
    const served = await t.app.inject(small.json().attachment.url);
    expect(served.rawPayload.length).toBe(bomb.length);
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
    // Past the limit the upload is cut off by size, whatever it would inflate to.
    const padded = Buffer.concat([bomb, Buffer.alloc(LIMITS.attachmentBytes)]);
    expect(
      (await uploadAttachment(answerer, { name: 'big.zip', data: padded, type: 'application/zip' }))
        .statusCode,
    ).toBe(413);
    // A gzip-encoded request body is not inflated either: it is refused, not expanded.
    const gz = gzipSync(Buffer.from(JSON.stringify({ title: 'x'.repeat(50_000_000) })));
    const encoded = await t.app.inject({
      method: 'POST',
      url: '/api/ideas',
      headers: { ...asker.auth, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gz,
    });
    expect(encoded.statusCode).toBeGreaterThanOrEqual(400);
    expect(encoded.statusCode).toBeLessThan(500);
    expectErrorBody(encoded.json());
  });
});

// ---------------------------------------------------------------- CSP

describe('Content-Security-Policy of the web app', () => {
  it('allows scripts from the origin only: no inline, no eval, no plugins, no framing', async () => {
    const res = await t.app.inject('/questions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(directives['script-src-attr']).toEqual(["'none'"]);
    expect(csp).not.toMatch(/'unsafe-eval'|'unsafe-hashes'|'strict-dynamic'|\*/);
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('ships an index.html without inline scripts or inline event handlers', () => {
    const pages = [
      path.join(root, 'apps/web/index.html'),
      path.join(root, 'apps/web/dist/index.html'),
    ].filter(existsSync);
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      const scripts = html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? [];
      expect(scripts.length, file).toBeGreaterThan(0);
      for (const s of scripts) {
        expect(s, file).toMatch(/\bsrc="/);
        expect(s.replace(/<script\b[^>]*>|<\/script>/gi, '').trim(), file).toBe('');
      }
      expect(html, file).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html, file).not.toMatch(/javascript:/i);
    }
  });
});

// ---------------------------------------------------------------- logs

describe('logs', () => {
  it('keep secrets out even when a query fails: no password, hash, token, bank account or JWT key', async () => {
    const db = t.database.db;
    // Make writes fail the way a broken database would, after the secrets were computed.
    await db.execute(sql`create or replace function agora_test_boom() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end $$`);
    await db.execute(
      sql`create trigger agora_test_boom_users before insert on users for each row execute function agora_test_boom()`,
    );
    await db.execute(
      sql`create trigger agora_test_boom_wallets before insert or update on wallets for each row execute function agora_test_boom()`,
    );
    try {
      const password = 'Unique-Secret-Password-981';
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Logged', email: 'logged@example.com', password },
      });
      expect(res.statusCode).toBe(500);
      const bank = await t.app.inject({
        method: 'PUT',
        url: '/api/wallet/bank-details',
        headers: answerer.auth,
        payload: {
          accountNumber: '998877665544',
          ifsc: 'HDFC0001234',
          accountHolderName: 'Ann',
          bankName: 'HDFC',
        },
      });
      expect(bank.statusCode).toBe(500);
      const log = logLines.join('');
      expect(log).toContain('simulated failure');
      expect(log).not.toContain(password);
      expect(log).not.toMatch(/\$argon2id\$/);
      expect(log).not.toContain('998877665544');
      expect(log).not.toContain(answerer.token);
      expect(log).not.toContain(asker.token);
      expect(log).not.toContain(t.config.jwtSecret);
    } finally {
      await db.execute(sql`drop trigger if exists agora_test_boom_users on users`);
      await db.execute(sql`drop trigger if exists agora_test_boom_wallets on wallets`);
    }
  });

  it('answer URLs the router cannot decode, and over-long ids, in the CONTRACT error shape', async () => {
    for (const url of ['/api/questions/%zz', '/api/ideas/%E0%A4%A', `/api/questions/${'a'.repeat(300)}`]) {
      const res = await t.app.inject({ url });
      expect([400, 404, 414], url).toContain(res.statusCode);
      expect(res.statusCode, url).not.toBe(500);
      expectErrorBody(res.json());
    }
    expect((await t.app.inject({ url: '/api/questions/%zz' })).json()).toMatchObject({
      error: 'Malformed URL',
      code: 'BAD_REQUEST',
    });
  });

  it('answer text the database cannot store (NUL characters) with 400, not 500', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/ideas', { title: 'a\u0000b', description: 'x', category: 'Technology' }],
      ['POST', '/api/questions', { title: 'a\u0000b', description: 'x', category: 'Technology' }],
      ['PUT', '/api/users/me', { name: 'a\u0000b' }],
      ['POST', '/api/auth/login', { email: 'a\u0000@b.co', password: 'whatever-it-is' }],
      ['POST', '/api/contact', { name: 'a\u0000b', email: 'a@b.co', message: 'x' }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: asker.auth, payload });
      expect(res.statusCode, url).toBe(400);
      expectErrorBody(res.json());
    }
  });
});
