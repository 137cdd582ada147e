import type { AppContext, SessionUser } from '../../context.js';
import { audit } from '../../lib/audit.js';
import { requeueFailedMail } from '../../platform/mail.js';

/** Mail the worker gave up on goes back to the queue; the outbox never drops a message. */
export async function retryFailedMail(ctx: AppContext, admin: SessionUser) {
  return ctx.db.transaction(async (tx) => {
    const requeued = await requeueFailedMail(tx, ctx.clock.now());
    if (requeued > 0) await audit(tx, admin, 'mail.retry_failed', 'mail_outbox', null, null, { requeued });
    return { requeued };
  });
}
