import type { AppContext, SessionUser } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { getMinReward, setMinReward } from '../settings/settings.service.js';

/** Site settings an admin changes: the minimum reward of a question (in rupees). */
export async function setMinRewardAmount(ctx: AppContext, admin: SessionUser, rupees: number) {
  return ctx.db.transaction(async (tx) => {
    const before = await getMinReward(tx);
    await setMinReward(tx, rupees, ctx.clock.now());
    await audit(
      tx,
      admin,
      'settings.min_reward',
      'settings',
      'minRewardAmount',
      { minRewardAmount: before },
      {
        minRewardAmount: rupees,
      },
    );
    return { minRewardAmount: rupees };
  });
}
