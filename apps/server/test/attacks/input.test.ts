import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signup, type TestApp, type TestUser } from '../helpers.js';

// Issue 19 §6: eight spaces as a password, zero-width titles and "Administrator" were accepted.
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
});
