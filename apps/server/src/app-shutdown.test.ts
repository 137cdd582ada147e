import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, dbKind, freshDatabase, signup } from '../test/helpers.js';
import { closeApp } from './app.js';
import { ideas } from './db/schema/index.js';

describe(`graceful shutdown (${dbKind})`, () => {
  it('waits for a running task, then saves every buffered view, then closes the database', async () => {
    const database = await freshDatabase();
    const t = await buildTestApp({ database });
    const author = await signup(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ideas',
      headers: author.auth,
      payload: { title: 'Viewed at shutdown', description: 'Every view is kept', category: 'Technology' },
    });
    const ideaId: string = res.json()._id;
    const viewsInDb = async () =>
      (await database.db.select({ v: ideas.views }).from(ideas).where(eq(ideas.id, ideaId)))[0]!.v;

    // What the database holds at the moment it is closed.
    let atClose = -1;
    const close = database.close;
    database.close = async () => {
      atClose = await viewsInDb();
      await close();
    };

    // A task still running when shutdown starts: its work must land before the counts are written.
    let taskStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      taskStarted = resolve;
    });
    await t.app.startTasks([
      {
        name: 'test.slow-views',
        everySeconds: 3600,
        handler: async (ctx) => {
          taskStarted();
          await sleep(300);
          ctx.views.add('ideas', ideaId, 7);
        },
      },
    ]);
    for (let i = 0; i < 300; i++) t.app.ctx.views.add('ideas', ideaId);
    await started;
    await closeApp(t.app, database);
    rmSync(t.dataDir, { recursive: true, force: true });
    expect(atClose).toBe(307);
  });
});
