import type { AdminHackathon } from '@agora/shared';
import type { Executor } from '../../db/client.js';
import { ageMinutes, iso, type ListOpts, type Person, person } from '../../lib/admin-list.js';
import { page } from '../../lib/cursor.js';
import * as repo from './hackathons.repo.js';

/**
 * What the admin area reads of hackathons (the review itself is the hackathons service's
 * approve/reject, called with the admin's transaction).
 */
export function toAdminHackathon(h: repo.HackathonRow, author: Person, now: Date): AdminHackathon {
  return {
    _id: h.id,
    title: h.title,
    description: h.description,
    category: h.category,
    status: h.status,
    organizer: { name: h.organizerName, email: h.organizerEmail, phone: h.organizerPhone },
    author: person(author),
    startDate: h.startDate.toISOString(),
    endDate: h.endDate.toISOString(),
    locationType: h.locationType,
    location: h.location,
    prizePool: h.prizePool,
    rejectionReason: h.rejectionReason,
    reviewedAt: iso(h.reviewedAt),
    createdAt: h.createdAt.toISOString(),
    updatedAt: h.updatedAt.toISOString(),
    ageMinutes: ageMinutes(h.createdAt, now),
  };
}

export async function listHackathonsForAdmin(
  db: Executor,
  f: { status: string; q?: string } & ListOpts,
  now: Date,
): Promise<{ items: AdminHackathon[]; nextCursor: string | null }> {
  const p = page(await repo.listForAdmin(db, f), f.limit);
  return { items: p.items.map((r) => toAdminHackathon(r.h, r.author, now)), nextCursor: p.nextCursor };
}

/** The hackathon with its author (`lock`: for the rest of the transaction). */
export const findHackathonForAdmin = repo.findForAdmin;
