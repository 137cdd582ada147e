import type { AppContext } from '../../context.js';
import { createCategoryAlerts } from './category-follows.alerts.service.js';
import { createCategoryDigest } from './category-follows.digest.service.js';
import { createCategoryFollowing } from './category-follows.follow.service.js';
import { createDigestUnsubscribe } from './category-follows.unsubscribe.service.js';

export { ALERT_BATCH, queueCategoryAlert } from './category-follows.alerts.service.js';
export { DIGEST_MAX_QUESTIONS } from './category-follows.digest.service.js';
export {
  readUnsubscribeToken,
  unsubscribeToken,
  unsubscribeUrl,
} from './category-follows.unsubscribe.service.js';

/**
 * Following question categories, wired once per context: each use case lives in its own file
 * (following and the followed list, the in-app alerts of a paid question, the daily digest, the
 * digest's one-click unsubscribe).
 */
export function createCategoryFollowsService(ctx: AppContext) {
  return {
    ...createCategoryFollowing(ctx),
    ...createDigestUnsubscribe(ctx),
    ...createCategoryAlerts(ctx),
    ...createCategoryDigest(ctx),
  };
}
