import { NAME_TEXT } from '@agora/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { buildTestApp, signup, type TestApp, type TestUser } from '../helpers.js';

// Eight spaces as a password, zero-width titles and "Administrator" must be refused.
describe('weak input is refused', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await signup(t.app);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, auth = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: auth });

  it('a password that is blank after trimming', async () => {
    const res = await post('/api/auth/signup', {
      name: 'Spacey',
      email: 'spaces@example.com',
      password: ' '.repeat(8),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Password cannot be only spaces');
    const padded = await post('/api/auth/signup', {
      name: 'Padded',
      email: 'padded@example.com',
      password: '  long enough phrase  ',
    });
    expect(padded.statusCode).toBe(201);
  });

  it('titles and text made only of zero-width or bidi characters', async () => {
    const zw = '\u200b\u200c\u200d\u2060\u202e';
    const q = await post(
      '/api/questions',
      { title: zw, description: 'A real description of the question.', category: 'Technology' },
      user.auth,
    );
    expect(q.statusCode).toBe(400);
    const q2 = await post(
      '/api/questions',
      { title: 'A real title', description: zw, category: 'Technology' },
      user.auth,
    );
    expect(q2.statusCode).toBe(400);
    const idea = await post(
      '/api/ideas',
      { title: zw, description: 'Something to build.', category: 'Healthcare' },
      user.auth,
    );
    expect(idea.statusCode).toBe(400);
    const contact = await post('/api/contact', { name: zw, email: 'a@example.com', message: 'Hello there' });
    expect(contact.statusCode).toBe(400);
  });

  it('reserved display names, also behind look-alikes and bidi controls', async () => {
    for (const name of ['Administrator', '\u202eAdministrator', 'Аdmin', 'Moderator', 'Support', 'Agora']) {
      const res = await post('/api/auth/signup', {
        name,
        email: `n${Math.random()}@example.com`,
        password: 'long enough phrase',
      });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error).toBe('This name is reserved. Please choose another one.');
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        payload: { displayName: name },
        headers: user.auth,
      });
      expect(put.statusCode, name).toBe(400);
    }
    const fine = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      payload: { displayName: 'Admin Ada' },
      headers: user.auth,
    });
    expect(fine.statusCode).toBe(200);
  });

  // "\u202erotartsinimdA" passed the reserved-name check (its letters are not "administrator")
  // and was drawn as "Administrator"; "Ａｄｍｉｎ" and "Adm\u200Bin" are look-alikes of reserved words.
  it('names with text-direction or zero-width characters, and folded look-alikes of reserved words', async () => {
    const hidden = [
      '\u202erotartsinimdA', // right-to-left override: drawn as "Administrator"
      'Asha\u202a Rao', // left-to-right embedding
      'Asha \u2067Rao\u2069', // right-to-left isolate
      'Asha\u200f Rao', // right-to-left mark
      'As\u200bha Rao', // zero-width space
      'As\u200cha Rao', // zero-width non-joiner
      'As\u200dha Rao', // zero-width joiner between letters
      'As\u2060ha Rao', // word joiner
      'As\ufeffha Rao', // zero-width no-break space
      'As\u00adha Rao', // soft hyphen
      'Asha\u3164Rao', // Hangul filler: a letter drawn as nothing
    ];
    const reserved = ['Ａｄｍｉｎ', 'Adm\u200Bin', 'ＳＵＰＰＯＲＴ', 'ſupport', '\u202eAdministrator'];
    const before = (await t.app.inject({ url: '/api/users/me', headers: user.auth })).json().user;
    for (const [names, message] of [
      [hidden, NAME_TEXT.hidden],
      [reserved, NAME_TEXT.reserved],
    ] as const) {
      for (const name of names) {
        const res = await post('/api/auth/signup', {
          name,
          email: `h${Math.random()}@example.com`,
          password: 'long enough phrase',
        });
        expect(res.statusCode, JSON.stringify(name)).toBe(400);
        expect(res.json()).toMatchObject({ error: message, message, code: 'VALIDATION' });
        for (const field of ['name', 'displayName']) {
          const put = await t.app.inject({
            method: 'PUT',
            url: '/api/users/me',
            payload: { [field]: name },
            headers: user.auth,
          });
          expect(put.statusCode, `${field} ${JSON.stringify(name)}`).toBe(400);
          expect(put.json().error).toBe(message);
        }
      }
    }
    // Nothing was stored: the profile is as it was.
    const after = (await t.app.inject({ url: '/api/users/me', headers: user.auth })).json().user;
    expect({ name: after.name, displayName: after.displayName }).toEqual({
      name: before.name,
      displayName: before.displayName,
    });
    // Real names in other scripts, with accents and emoji, are fine.
    for (const name of ['José Ñúñez', 'अनन्या शर्मा', 'محمد علي', 'Meera 👩‍💻']) {
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        payload: { displayName: name },
        headers: user.auth,
      });
      expect(put.statusCode, name).toBe(200);
      expect(put.json().user.displayName).toBe(name);
    }
  });

  it('the database refuses a text-direction or zero-width character in a name, whatever the code asks for', async () => {
    for (const displayName of ['\u202erotartsinimdA', 'Adm\u200bin', 'Asha\u2066 Rao']) {
      await expect(
        t.database.db.update(users).set({ displayName }).where(eq(users.id, user.user.id)),
      ).rejects.toThrow();
      await expect(
        t.database.db.update(users).set({ name: displayName }).where(eq(users.id, user.user.id)),
      ).rejects.toThrow();
    }
    await t.database.db.update(users).set({ displayName: 'Meera 👩‍💻' }).where(eq(users.id, user.user.id));
  });

  it('organiser, team and company names follow the same rule', async () => {
    const job = await post(
      '/api/jobs',
      {
        title: 'Engineer',
        description: 'Build things.',
        company: { name: '\u202earoga' },
        location: { city: 'Pune' },
        category: 'Engineering',
        type: 'full-time',
      },
      user.auth,
    );
    expect(job.statusCode).toBe(400);
    expect(job.json().error).toBe(NAME_TEXT.hidden);
    const reserved = await post(
      '/api/jobs',
      {
        title: 'Engineer',
        description: 'Build things.',
        company: { name: 'Ａｇｏｒａ' },
        location: { city: 'Pune' },
        category: 'Engineering',
        type: 'full-time',
      },
      user.auth,
    );
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().error).toBe(NAME_TEXT.reserved);
  });
});
