import type { TaskDefinition } from '../../tasks.js';
import { perContext } from '../../lib/per-context.js';
import { createJobExpiryService } from './jobs.expiry.service.js';

const expiry = perContext(createJobExpiryService);

/**
 * A listing's life. Expiry every minute: the listing, counts and search read the stored status
 * (an index-served, counter-backed rule), so a job stays listed at most a minute past its expiry,
 * while its page and the apply gate read it as expired at once (jobState). The "expires soon"
 * warning every ten minutes: it is days ahead, and once per listing and expiry date.
 */
export const jobsTasks: TaskDefinition[] = [
  {
    name: 'jobs.expire-listings',
    everySeconds: 60,
    handler: async (ctx) => {
      await expiry(ctx).expireDue();
    },
  },
  {
    name: 'jobs.expiry-warnings',
    everySeconds: 10 * 60,
    handler: async (ctx) => {
      await expiry(ctx).warnExpiringSoon();
    },
  },
];
