import { describe, expect, it } from 'vitest';
import { canEditJob, canManageListing, canReviewJobs, canSeeJob, canSeeUnlisted } from './jobs.policy.js';

const poster = { id: 'p', role: 'user' as const };
const admin = { id: 'a', role: 'admin' as const };
const other = { id: 'x', role: 'user' as const };
const job = (status: string) => ({ posterId: 'p', status });

describe('jobs policy', () => {
  it('shows approved postings to everyone, others to the poster and admins only', () => {
    // Expired and filled postings were approved: their page stays public.
    for (const status of ['approved', 'expired', 'filled']) {
      for (const v of [null, other, poster, admin]) expect(canSeeJob(v, job(status))).toBe(true);
    }
    for (const status of ['pending', 'rejected']) {
      expect(canSeeJob(null, job(status))).toBe(false);
      expect(canSeeJob(other, job(status))).toBe(false);
      expect(canSeeJob(poster, job(status))).toBe(true);
      expect(canSeeJob(admin, job(status))).toBe(true);
    }
    expect(canSeeUnlisted(other, job('approved'))).toBe(false);
  });

  it('lets only the poster edit and only admins review', () => {
    expect(canEditJob(poster, job('approved'))).toBe(true);
    expect(canEditJob(admin, job('approved'))).toBe(false);
    expect(canEditJob(other, job('approved'))).toBe(false);
    expect(canEditJob(null, job('approved'))).toBe(false);
    expect(canReviewJobs(admin)).toBe(true);
    expect(canReviewJobs(poster)).toBe(false);
    expect(canReviewJobs(null)).toBe(false);
  });

  it('lets the poster and admins renew a listing or mark it filled, nobody else', () => {
    expect(canManageListing(poster, job('expired'))).toBe(true);
    expect(canManageListing(admin, job('expired'))).toBe(true);
    expect(canManageListing(other, job('expired'))).toBe(false);
    expect(canManageListing(null, job('approved'))).toBe(false);
  });
});
