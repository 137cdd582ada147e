// The upgrade that groups notifications and keeps hidden characters out of names (migration
// 0025): what it does to rows written before it, replayed on a migrated database put back into
// the old state.
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { notificationOnce, notifications, users } from '../src/db/schema/index.js';
import { notifyOnce, onceNotificationId } from '../src/modules/notifications/notifications.service.js';
import { freshDatabase } from './helpers.js';

const statements = readFileSync(
  new URL('../src/db/migrations/0025_notification_groups.sql', import.meta.url),
  'utf8',
)
  .split('--> statement-breakpoint')
  .map((s) => s.trim());
/** The migration's one statement starting with `starts` (after its comment lines). */
const step = (starts: string) => {
  const found = statements.filter((s) => s.replace(/^(--.*\n)*/, '').startsWith(starts));
  if (found.length !== 1) throw new Error(`no single statement starting ${starts}`);
  return sql.raw(found[0]!);
};

describe('upgrade: grouped notifications, names without hidden characters', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('cleans names stored with text-direction or zero-width characters, then refuses new ones', async () => {
    const db = database.db;
    // Written before the check existed.
    await db.execute(sql`alter table users drop constraint users_names_visible_check`);
    const rows = await db
      .insert(users)
      .values([
        { email: 'rlo@example.com', name: '\u202erotartsinimdA', displayName: '\u202erotartsinimdA' },
        { email: 'zw@example.com', name: 'As\u200bha Rao', displayName: 'Asha\u2066 Rao\u2069' },
        { email: 'empty@example.com', name: '\u200b\u200e', displayName: ' \u202e ' },
        { email: 'fine@example.com', name: 'Meera 👩‍💻', displayName: 'José Ñúñez' },
      ])
      .returning({ id: users.id, email: users.email });
    await db.execute(step('UPDATE users\n   SET name'));
    await db.execute(step('UPDATE users\n   SET display_name'));
    await db.execute(step('ALTER TABLE users ADD CONSTRAINT users_names_visible_check'));
    const after = await db
      .select({ email: users.email, name: users.name, displayName: users.displayName })
      .from(users);
    const byEmail = Object.fromEntries(after.map((u) => [u.email, [u.name, u.displayName]]));
    expect(byEmail).toMatchObject({
      'rlo@example.com': ['rotartsinimdA', 'rotartsinimdA'],
      'zw@example.com': ['Asha Rao', 'Asha Rao'],
      'empty@example.com': ['Agora user', 'Agora user'],
      'fine@example.com': ['Meera 👩‍💻', 'José Ñúñez'],
    });
    await expect(
      db.update(users).set({ displayName: '\u202eX' }).where(eq(users.id, rows[3]!.id)),
    ).rejects.toThrow();
  });

  it('remembers the once-only follows and likes notified before, so they do not notify again', async () => {
    const db = database.db;
    const [star, fan] = await db
      .insert(users)
      .values([
        { email: 'star@example.com', name: 'Star', displayName: 'Star' },
        { email: 'fan@example.com', name: 'Fan', displayName: 'Fan' },
      ])
      .returning({ id: users.id });
    // The old release stored a once-only notification under its once-key's id.
    const onceKey = `follower:${fan!.id}`;
    await db.insert(notifications).values({
      id: onceNotificationId(star!.id, onceKey),
      userId: star!.id,
      type: 'follower',
      title: 'Fan started following you',
    });
    // An ordinary notification (random id, version 4) is not a once-key.
    await db.insert(notifications).values({ userId: star!.id, type: 'follower', title: 'other' });
    await db.execute(step('INSERT INTO notification_once'));
    const kept = await db.select().from(notificationOnce).where(eq(notificationOnce.userId, star!.id));
    expect(kept.map((k) => k.id)).toEqual([onceNotificationId(star!.id, onceKey)]);
    // Following again after the upgrade: the grouped path sees the key and adds nothing.
    const group = { key: `follow:${star!.id}`, text: (n: number) => ({ title: `${n} followed` }) };
    expect(
      await notifyOnce(db, star!.id, onceKey, {
        type: 'follower',
        title: 'Fan started following you',
        group,
      }),
    ).toBe(false);
    expect(await db.select().from(notifications).where(eq(notifications.userId, star!.id))).toHaveLength(2);
  });
});
