import { LIMITS } from '@agora/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

const MIN_REWARD_KEY = 'minRewardAmount';

/** Minimum reward in whole rupees (spec 01 §5: default 10, the server value overrides). */
export async function getMinReward(db: Executor): Promise<number> {
  const row = await db.query.settings.findFirst({ where: eq(settings.key, MIN_REWARD_KEY) });
  const v = Number(row?.value);
  return Number.isInteger(v) && v > 0 ? v : LIMITS.defaultMinRewardRupees;
}

export async function setMinReward(db: Executor, rupees: number, now: Date): Promise<void> {
  await db
    .insert(settings)
    .values({ key: MIN_REWARD_KEY, value: rupees, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value: rupees, updatedAt: now } });
}
