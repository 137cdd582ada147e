import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestion } from '../../src/modules/questions/questions.fixtures.js';
import { buildTestApp, signup, type TestApp, type TestUser } from '../helpers.js';

// 300 anonymous requests for one question must not add 300 views.
describe('views are counted once per viewer per hour', () => {
  for (const cache of [false, true]) {
    describe(cache ? 'with the response cache' : 'without the response cache', () => {
      let t: TestApp;
      let asker: TestUser;
      let reader: TestUser;
      beforeAll(async () => {
        t = await buildTestApp({ config: { responseCache: { enabled: cache, ttlMs: 5000 } } });
        asker = await signup(t.app);
        reader = await signup(t.app);
      });
      afterAll(() => t.close());

      it('an idea: one visitor many times is one view', async () => {
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/ideas',
          headers: asker.auth,
          payload: {
            title: 'Counting views honestly',
            description: 'Once per viewer.',
            category: 'Healthcare',
          },
        });
        expect(created.statusCode, created.body).toBe(201);
        const id = created.json()._id ?? created.json().idea?._id;
        let last = 0;
        for (let i = 0; i < 20; i++) last = (await t.app.inject({ url: `/api/ideas/${id}` })).json().views;
        expect(last).toBe(1);
      });

      it('a question: one visitor many times is one view; others and an hour later count', async () => {
        const { _id: id } = await createQuestion(t.app, asker);
        const get = (headers: Record<string, string> = {}, remoteAddress = '203.0.113.5') =>
          t.app.inject({
            url: `/api/questions/${id}`,
            headers: { 'user-agent': 'bot/1.0', ...headers },
            remoteAddress,
          });
        let last = 0;
        for (let i = 0; i < 30; i++) last = (await get()).json().views;
        expect(last).toBe(1);
        expect((await get({}, '203.0.113.6')).json().views).toBe(2);
        expect((await get({ 'user-agent': 'other browser' })).json().views).toBe(3);
        for (let i = 0; i < 5; i++) last = (await get(reader.auth, '198.51.100.1')).json().views;
        expect(last).toBe(4);
        // The same signed-in reader from another address is still the same viewer.
        expect((await get(reader.auth, '198.51.100.2')).json().views).toBe(4);
        t.clock.advance(61 * 60_000);
        expect((await get()).json().views).toBe(5);
      });
    });
  }
});
