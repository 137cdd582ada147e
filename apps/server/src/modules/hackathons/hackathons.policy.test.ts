import { describe, expect, it } from 'vitest';
import {
  canEdit,
  canRegister,
  canReview,
  canSeeHackathon,
  canSeeSubmission,
  isPrivileged,
} from './hackathons.policy.js';

const organizer = { id: 'o', role: 'user' as const };
const admin = { id: 'a', role: 'admin' as const };
const other = { id: 'x', role: 'user' as const };
const h = (status: string) => ({ authorId: 'o', status });

describe('hackathons policy', () => {
  it('shows a published hackathon to everyone, others to organiser and admins only', () => {
    for (const v of [null, other, organizer, admin]) expect(canSeeHackathon(v, h('published'))).toBe(true);
    for (const status of ['pending', 'rejected']) {
      expect(canSeeHackathon(null, h(status))).toBe(false);
      expect(canSeeHackathon(other, h(status))).toBe(false);
      expect(canSeeHackathon(organizer, h(status))).toBe(true);
      expect(canSeeHackathon(admin, h(status))).toBe(true);
    }
  });

  it('privileges the organiser and admins', () => {
    expect(isPrivileged(organizer, h('published'))).toBe(true);
    expect(isPrivileged(admin, h('published'))).toBe(true);
    expect(isPrivileged(other, h('published'))).toBe(false);
    expect(isPrivileged(null, h('published'))).toBe(false);
  });

  it('lets others register, only the organiser edit, only admins review', () => {
    expect(canRegister(other, h('published'))).toBe(true);
    expect(canRegister(organizer, h('published'))).toBe(false);
    expect(canEdit(organizer, h('pending'))).toBe(true);
    expect(canEdit(admin, h('pending'))).toBe(false);
    expect(canEdit(other, h('pending'))).toBe(false);
    expect(canReview(admin)).toBe(true);
    expect(canReview(organizer)).toBe(false);
  });

  it('shows a submission to its submitter, the organiser and admins', () => {
    const s = { userId: 'x' };
    expect(canSeeSubmission(other, h('published'), s)).toBe(true);
    expect(canSeeSubmission(organizer, h('published'), s)).toBe(true);
    expect(canSeeSubmission(admin, h('published'), s)).toBe(true);
    expect(canSeeSubmission({ id: 'y', role: 'user' }, h('published'), s)).toBe(false);
  });
});
