import type { AdminJob } from '@agora/shared';
import { salaryLine } from '@agora/shared';
import type { Executor } from '../../db/client.js';
import { ageMinutes, iso, type ListOpts, type Person, person } from '../../lib/admin-list.js';
import { page } from '../../lib/cursor.js';
import * as repo from './jobs.repo.js';

/**
 * What the admin area reads of jobs (the review itself is the jobs service's approve/reject,
 * called with the admin's transaction).
 */
export function toAdminJob(j: repo.JobRow, poster: Person, now: Date): AdminJob {
  return {
    _id: j.id,
    title: j.title,
    description: j.description,
    companyName: j.companyName,
    companyWebsite: j.companyWebsite,
    category: j.category,
    level: j.level,
    employmentType: j.employmentType,
    city: j.city,
    country: j.country,
    isRemote: j.isRemote,
    // The reviewer reads the pay as the listing will show it (figures in their currency, or the text).
    salaryText: salaryLine(
      { min: j.salaryMin, max: j.salaryMax, currency: j.salaryCurrency, text: j.salaryText },
      j.country,
    ),
    contactEmail: j.contactEmail,
    status: j.status,
    poster: person(poster),
    rejectionReason: j.rejectionReason,
    reviewedAt: iso(j.reviewedAt),
    createdAt: j.createdAt.toISOString(),
    updatedAt: j.updatedAt.toISOString(),
    ageMinutes: ageMinutes(j.createdAt, now),
  };
}

export async function listJobsForAdmin(
  db: Executor,
  f: { status: string; q?: string } & ListOpts,
  now: Date,
): Promise<{ items: AdminJob[]; nextCursor: string | null }> {
  const p = page(await repo.listForAdmin(db, f), f.limit);
  return { items: p.items.map((r) => toAdminJob(r.j, r.poster, now)), nextCursor: p.nextCursor };
}

/** The job with its poster (`lock`: for the rest of the transaction). */
export const findJobForAdmin = repo.findForAdmin;
