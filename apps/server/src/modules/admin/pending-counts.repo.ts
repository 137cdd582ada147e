import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { pendingCounts } from '../../db/schema/index.js';

// The one write of the admin area besides the audit log: folding its own summary table
// (pending_counts, appended to by triggers on jobs, hackathons and withdrawals — migration 0017).
// It never touches another area's rows; admin.repo.ts (the read model) writes nothing.

/**
 * Folds the appended backlog changes of each table into one row (the admin.compact-pending-counts
 * task). Rows another transaction is still adding are not visible here and stay as they are; two
 * instances folding at once delete each row once (the second skips rows the first deleted).
 */
export async function compactPendingCounts(db: Executor): Promise<void> {
  await db.execute(sql`
    with gone as (delete from ${pendingCounts} returning tbl, n)
    insert into ${pendingCounts} (tbl, n) select tbl, sum(n) from gone group by tbl`);
}
