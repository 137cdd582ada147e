import type { Application, ApplicationStatus } from '@agora/shared';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database, Db, Executor } from './db/client.js';
import type { Clock } from './platform/clock.js';
import type { CounterStore } from './platform/counter-store.js';
import type { MailWorker } from './platform/mail.js';
import type { Outages } from './platform/outages.js';
import type { Storage } from './platform/storage.js';
import type { ViewCounts } from './platform/view-counts.js';

/** Everything a service may depend on, built once per app instance (tests build their own). */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  storage: Storage;
  counters: CounterStore;
  mailWorker: MailWorker;
  redis: Redis | null;
  /** Detail-page views, written to the database in batches (platform/view-counts.ts). */
  views: ViewCounts;
  /** `migrating` is true from listen until migrations are applied (main.ts); /api/health/ready reads it. */
  readiness: { migrating: boolean; refusal?: string | null; draining?: boolean };
  /** The server's log, for what background work notices that an operator should see. */
  log: AppLog;
  /** Whether the database and Redis answer; failures are logged once per outage through it. */
  outages: Outages;
  /** A question's orders, which the payments area owns, as deleting an unpaid question needs them. */
  questionOrders: QuestionOrders;
  /** What the Jobs Hub shows of applications on its own pages; the applications area answers. */
  jobApplications: JobApplications;
  /** The referrals shown beside an application; the referrals area answers. */
  applicationReferrals: ApplicationReferrals;
}

/**
 * The applications a job page and My Jobs show: the viewer's own application to a job and each
 * job's counts by status. The applications area answers, wired in by the app: applications reads
 * jobs to apply to them, so jobs does not import applications back.
 */
export interface JobApplications {
  /** The viewer's application to this job, or null: the job page shows it instead of the Apply button. */
  mine(
    jobId: string,
    userId: string,
  ): Promise<{ _id: string; status: ApplicationStatus; createdAt: string } | null>;
  /** jobId → { status: count } for My Jobs; a job without applications is absent from the map. */
  countsByJob(jobIds: string[]): Promise<Map<string, Record<string, number>>>;
}

/**
 * The referrals beside a page of applications: the requests an applicant sent for each, and who
 * referred each applicant (for the poster). The referrals area answers, wired in by the app:
 * referrals reads applications to ask about them, so applications does not import referrals back.
 */
export interface ApplicationReferrals {
  /** Every id is in the map: the requests sent for it, oldest first. */
  sentFor(applicationIds: readonly string[]): Promise<Map<string, NonNullable<Application['referrals']>>>;
  /** Every id is in the map: the earliest referrer who accepted, or null. */
  referredBy(
    applicationIds: readonly string[],
  ): Promise<Map<string, NonNullable<Application['referredBy']> | null>>;
}

/**
 * What the questions area asks of a question's orders before it deletes an unpaid question. The
 * payments area answers, wired in by the app: payments already reads questions to pay for them, so
 * questions does not import payments back.
 */
export interface QuestionOrders {
  /** Whether money moved for it: a paid order, a distributed reward, an order created after `openSince`. */
  money(
    tx: Executor,
    questionId: string,
    openSince: Date,
  ): Promise<{ paid: boolean; distributed: boolean; checkoutOpen: boolean }>;
  /** Cancels and detaches its orders (keeping its title), so a capture arriving later is refunded. */
  detach(tx: Executor, questionId: string, title: string): Promise<void>;
}

export interface AppLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SessionUser {
  id: string;
  sessionId: string;
  email: string;
  name: string;
  displayName: string;
  role: 'admin' | 'questioner' | 'answerer' | 'user';
}
