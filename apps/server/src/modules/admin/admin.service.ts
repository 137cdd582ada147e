import type { AdminContactQuery, AuditQuery, OverviewQuery } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { AuthService } from '../auth/auth.service.js';
import type { HackathonsService } from '../hackathons/hackathons.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { auditLog } from './admin.audit-log.service.js';
import { listContactMessages } from './admin.contact.service.js';
import { createAdminContent } from './admin.content.service.js';
import { retryFailedMail } from './admin.outbox.service.js';
import { compactPendingCounts, overview } from './admin.overview.service.js';
import { createAdminReviews } from './admin.reviews.service.js';
import { setMinRewardAmount } from './admin.settings.service.js';
import { createAdminUsers } from './admin.users.service.js';
import { createAdminWithdrawals } from './admin.withdrawals.service.js';

export type { Paged } from './admin.paging.js';

/** The other areas' services admin decides through: the app's one instance of each (modules/services.ts). */
export interface AdminDeps {
  auth: AuthService;
  hackathons: HackathonsService;
  jobs: JobsService;
  wallet: WalletService;
}

/**
 * The admin area's use cases, one file each: users (admin.users.service.ts), question and idea
 * moderation (admin.content.service.ts), the hackathon and job review queues
 * (admin.reviews.service.ts), payouts (admin.withdrawals.service.ts), the contact inbox, the
 * minimum reward, the mail outbox, the overview and the audit log.
 *
 * Every row of another area is read and changed through that area's service (its
 * *.admin.service.ts, or its review/payout rules); this area authorises, audits and calls them.
 * A change and its audit entry share one transaction, passed to the other area's function as its
 * executor (their own `transaction()` then becomes a savepoint of it).
 */
export function createAdminService(ctx: AppContext, deps: AdminDeps) {
  return {
    ...createAdminUsers(ctx, deps.auth),
    ...createAdminContent(ctx),
    ...createAdminReviews(ctx, deps),
    ...createAdminWithdrawals(ctx, deps.wallet),
    listContactMessages: (q: AdminContactQuery) => listContactMessages(ctx, q),
    setMinRewardAmount: (admin: SessionUser, rupees: number) => setMinRewardAmount(ctx, admin, rupees),
    retryFailedMail: (admin: SessionUser) => retryFailedMail(ctx, admin),
    overview: (q: OverviewQuery) => overview(ctx, q),
    auditLog: (q: AuditQuery) => auditLog(ctx, q),
    /** The overview's backlog counters, folded (a background task; see admin.tasks.ts). */
    compactPendingCounts: () => compactPendingCounts(ctx),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
