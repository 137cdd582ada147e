import { sql } from 'drizzle-orm';
import { type SeedStep, scaled } from './types.js';

/** Notifications per unit of scale: 1,200 (scale 1000 = 1.2M, the benchmark's full size). */
const PER_SCALE_NOTIFICATIONS = 1200;

/**
 * Notifications for the bell: every user gets the same number, newest first over the
 * last weeks, about one in ten unread (deterministic: from a hash of user and position). Generated
 * by the database in one statement per batch of users — 1.2M rows at scale 1000.
 */
export const step: SeedStep & { order: number } = {
  name: 'notifications',
  order: 95,
  async run(ctx) {
    const total = scaled(ctx, PER_SCALE_NOTIFICATIONS, 20);
    const perUser = Math.max(1, Math.round(total / Math.max(1, ctx.userIds.length)));
    const batch = 2000;
    for (let i = 0; i < ctx.userIds.length; i += batch) {
      const ids = ctx.userIds.slice(i, i + batch);
      await ctx.db.execute(sql`
        insert into notifications (user_id, type, title, body, link, read_at, created_at)
        select u.id, 'answer', 'New answer on your question', 'Someone answered: take a look.', null,
               case when abs(hashtext(u.id::text || g::text)) % 10 = 0 then null
                    else ${ctx.now.toISOString()}::timestamptz - g * interval '5 minutes' end,
               ${ctx.now.toISOString()}::timestamptz - g * interval '7 minutes'
          from unnest(${`{${ids.join(',')}}`}::uuid[]) as u(id), generate_series(1, ${perUser}) as g`);
    }
    ctx.log(`notifications: ${perUser} per user × ${ctx.userIds.length} users`);
  },
};
