// The minimum reward is read through the one settings module (src/lib/min-reward.ts); the ask
// form imports it from here. (Kept as a pointer so that form's file did not have to change.)
export { useMinReward } from '../../../lib/min-reward';
