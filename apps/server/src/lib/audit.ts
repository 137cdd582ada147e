import type { Executor } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

/** Who did it: a session user, or null for the system (scheduled jobs, scripts). */
export type AuditActor = { id: string } | null;

/**
 * Writes one audit_log row. Call it with the transaction of the change it records, so a change
 * and its audit entry commit (or roll back) together: there is never an unaudited change.
 * `before`/`after` hold only the fields the action touched, never secrets.
 */
export async function audit(
  tx: Executor,
  actor: AuditActor,
  action: string,
  entityType: string,
  entityId: string | null,
  before: unknown,
  after: unknown,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    action,
    entityType,
    entityId,
    before: before ?? null,
    after: after ?? null,
  });
}
