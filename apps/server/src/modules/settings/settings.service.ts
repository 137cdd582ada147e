import { LIMITS } from '@agora/shared';
import type { Executor } from '../../db/client.js';
import * as repo from './settings.repo.js';

const MIN_REWARD_KEY = 'minRewardAmount';

/** Minimum reward in whole rupees (spec 01 §5: default 10, the server value overrides). */
export async function getMinReward(db: Executor): Promise<number> {
  const v = Number(await repo.findSettingValue(db, MIN_REWARD_KEY));
  return Number.isInteger(v) && v > 0 ? v : LIMITS.defaultMinRewardRupees;
}

export async function setMinReward(db: Executor, rupees: number, now: Date): Promise<void> {
  await repo.upsertSetting(db, MIN_REWARD_KEY, rupees, now);
}
