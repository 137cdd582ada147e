import type { AuditEntry } from '@agora/shared';
import type { auditLog } from '../../db/schema/index.js';
import { type Person, person } from '../../lib/admin-list.js';

/** An audit-log entry as the admin's log lists it, with its actor (null when gone or the system). */
export function presentAuditEntry(a: typeof auditLog.$inferSelect, actor: Person | null): AuditEntry {
  return {
    _id: a.id,
    actor: actor ? person(actor) : null,
    action: a.action,
    entityType: a.entityType,
    entityId: a.entityId,
    before: a.before,
    after: a.after,
    createdAt: a.createdAt.toISOString(),
  };
}
