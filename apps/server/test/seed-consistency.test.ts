import { APPLICATION_STATUSES } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './helpers.js';
import type { Database } from '../src/db/client.js';
import {
  hackathons,
  ideaOrganizations,
  ideaResponses,
  ideas,
  jobApplications,
  jobs,
  organizationMembers,
  organizations,
  users,
} from '../src/db/schema/index.js';
import { step as applicationsStep } from '../scripts/seed/applications.js';
import { step as hackathonsStep } from '../scripts/seed/hackathons.js';
import { step as ideasStep } from '../scripts/seed/ideas.js';
import { LISTING_DAYS, step as jobsStep } from '../scripts/seed/jobs.js';
import {
  SEED_ORGANIZATION_MEMBER,
  SEED_ORGANIZATIONS,
  step as organizationsStep,
} from '../scripts/seed/organizations.js';
import { layInTimeOrder, makeRng, type SeedContext } from '../scripts/seed/types.js';
import { usersStep } from '../scripts/seed/users.js';

const DAY = 86_400_000;

/** Demo data a visitor reads as a whole: titles, categories, dates and durations agree. */
describe('seed: demo data agrees with itself', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
    const ctx: SeedContext = {
      db: database.db,
      scale: 1,
      rng: makeRng(11),
      now: new Date('2026-11-24T10:00:00Z'),
      userIds: [],
      log: () => {},
    };
    for (const s of [usersStep, hackathonsStep, ideasStep, organizationsStep, jobsStep, applicationsStep])
      await s.run(ctx);
  });
  afterAll(() => database.close());

  it('names each hackathon with the year it starts, in its theme’s category, with a duration its dates allow', async () => {
    const rows = await database.db.select().from(hackathons);
    expect(rows.length).toBeGreaterThan(5);
    const themeCategory: Record<string, string> = {
      'Chain Reaction': 'Blockchain',
      'EdTech Sprint': 'Edtech',
      HealthHack: 'Healthtech',
      'Open Finance Jam': 'Fintech',
      'Secure by Design': 'Cybersecurity',
    };
    for (const h of rows) {
      expect(h.title, h.title).toMatch(new RegExp(` ${h.startDate.getUTCFullYear()}$`));
      const theme = h.title.replace(/ \d{4}$/, '');
      if (themeCategory[theme]) expect(h.category, h.title).toBe(themeCategory[theme]);
      const days = (h.endDate.getTime() - h.startDate.getTime()) / DAY;
      const max = { '24 hours': 1, '48 hours': 2, '72 hours': 3, '1 week': 7, '2 weeks': 14, '1 month': 31 }[
        h.duration as string
      ];
      expect(max, `${h.title}: ${h.duration}`).toBeDefined();
      expect(days, `${h.title}: ${h.duration}`).toBeLessThanOrEqual(max!);
    }
  });

  it('files each idea under its subject’s category, and gives the demo member ideas of their own', async () => {
    const rows = await database.db.select().from(ideas);
    const expected: Array<[RegExp, string]> = [
      [/^Water leak sensor network/, 'Technology'],
      [/^Community kitchen scheduler/, 'Food'],
      [/^Drone seed planting/, 'Environment'],
      [/^Peer tutoring marketplace/, 'Education'],
    ];
    for (const idea of rows) {
      for (const [re, category] of expected)
        if (re.test(idea.title)) expect(idea.category, idea.title).toBe(category);
    }
    const demoUser = (await database.db.select({ id: users.id, email: users.email }).from(users)).find(
      (u) => u.email === 'user@agora.demo',
    )!;
    expect(rows.filter((i) => i.authorId === demoUser.id).length).toBeGreaterThan(2);
  });

  it('gives listed jobs an expiry within the listing period (some soon), and keeps a few expired or filled', async () => {
    const now = new Date('2026-11-24T10:00:00Z').getTime();
    const rows = await database.db.select().from(jobs);
    const listed = rows.filter((j) => j.status === 'approved');
    expect(listed.length).toBeGreaterThan(40);
    for (const j of listed) {
      const left = j.expiresAt!.getTime() - now;
      expect(left, j.title).toBeGreaterThan(0);
      expect(left, j.title).toBeLessThanOrEqual(LISTING_DAYS * DAY);
      // Approval plus whole listing periods (renewed each time it was due).
      const periods = (j.expiresAt!.getTime() - j.reviewedAt!.getTime()) / (LISTING_DAYS * DAY);
      expect(Number.isInteger(Math.round(periods * 1e6) / 1e6), j.title).toBe(true);
    }
    expect(listed.some((j) => j.expiresAt!.getTime() - now < 5 * DAY)).toBe(true);
    const expired = rows.filter((j) => j.status === 'expired');
    const filled = rows.filter((j) => j.status === 'filled');
    expect(expired.length).toBeGreaterThan(0);
    expect(filled.length).toBeGreaterThan(0);
    for (const j of expired) expect(j.expiresAt!.getTime()).toBeLessThanOrEqual(now);
    for (const j of filled) expect(j.filledAt!.getTime()).toBeLessThanOrEqual(now);
    for (const j of rows.filter((r) => r.status === 'pending' || r.status === 'rejected'))
      expect([j.expiresAt, j.filledAt]).toEqual([null, null]);
  });

  it('seeds applications in every status, with histories that lead there and answers that explain screening', async () => {
    const now = new Date('2026-11-24T10:00:00Z').getTime();
    const apps = await database.db.select().from(jobApplications);
    const byJob = new Map((await database.db.select().from(jobs)).map((j) => [j.id, j]));
    expect(new Set(apps.map((a) => a.status))).toEqual(new Set(APPLICATION_STATUSES));
    expect(apps.filter((a) => a.screenedOut).length).toBeGreaterThan(2);
    for (const a of apps) {
      const job = byJob.get(a.jobId)!;
      expect(['approved', 'expired', 'filled']).toContain(job.status);
      expect(a.applicantId).not.toBe(job.posterId);
      const times = a.history.map((h) => new Date(h.at).getTime());
      expect(a.history[0]!.status).toBe('submitted');
      expect(a.history.at(-1)!.status).toBe(a.status);
      expect(times[0]).toBe(a.createdAt.getTime());
      expect(times.every((t, i) => i === 0 || times[i - 1]! <= t)).toBe(true);
      expect(times.at(-1)!).toBeLessThanOrEqual(now);
      expect(a.createdAt.getTime()).toBeGreaterThanOrEqual(job.reviewedAt!.getTime());
      const closed = job.filledAt ?? (job.status === 'expired' ? job.expiresAt : null);
      if (closed) expect(a.createdAt.getTime()).toBeLessThanOrEqual(closed.getTime());
      // Every question answered, and screened out exactly when a required answer differs.
      const given = new Map(a.answers.map((x) => [x.questionId, x.answer]));
      expect([...given.keys()].sort()).toEqual(job.screeningQuestions.map((q) => q._id).sort());
      const differs = job.screeningQuestions.some(
        (q) => q.requiredAnswer && given.get(q._id) !== q.requiredAnswer,
      );
      expect(a.screenedOut).toBe(differs);
    }
    // The demo member follows applications in every status.
    const member = (await database.db.select().from(users)).find((u) => u.email === 'user@agora.demo')!;
    const mine = apps.filter((a) => a.applicantId === member.id);
    expect(new Set(mine.map((a) => a.status))).toEqual(new Set(APPLICATION_STATUSES));
  });

  // The benchmark reads windows of the newest rows: a table the product wrote has them side by side.
  it('lays the time-read tables in time order, as the product writes them', async () => {
    const physical = async () =>
      (
        (await database.db.execute(sql`select created_at from ideas order by ctid`)) as unknown as {
          rows: Array<{ created_at: string | Date }>;
        }
      ).rows.map((r) => new Date(r.created_at).getTime());
    const sorted = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);
    const before = await physical();
    expect(before.length).toBeGreaterThan(20);
    expect(sorted(before), 'the steps write ideas in random time order').toBe(false);
    await layInTimeOrder(database.db, ['ideas']);
    const after = await physical();
    expect(after).toHaveLength(before.length);
    expect(sorted(after)).toBe(true);
  });

  it('gives the busy organisation a verified member and ideas that tag it (visible ones, ≤ 3 tags each), some answered', async () => {
    const orgs = await database.db.select().from(organizations);
    expect(orgs.map((o) => o.name).sort()).toEqual(SEED_ORGANIZATIONS.map((o) => o.name).sort());
    const busy = orgs.find((o) => o.name === SEED_ORGANIZATIONS[0]!.name)!;
    expect(busy.verifiedAt).not.toBeNull();
    const [member] = await database.db
      .select({ email: users.email })
      .from(organizationMembers)
      .innerJoin(users, sql`${users.id} = ${organizationMembers.userId}`)
      .where(sql`${organizationMembers.organizationId} = ${busy.id}`);
    expect(member?.email).toBe(SEED_ORGANIZATION_MEMBER);
    const tags = await database.db
      .select({
        ideaId: ideaOrganizations.ideaId,
        orgId: ideaOrganizations.organizationId,
        hidden: ideas.hidden,
      })
      .from(ideaOrganizations)
      .innerJoin(ideas, sql`${ideas.id} = ${ideaOrganizations.ideaId}`);
    expect(tags.filter((t) => t.orgId === busy.id).length).toBeGreaterThan(5);
    expect(tags.every((t) => !t.hidden)).toBe(true);
    const perIdea = new Map<string, number>();
    for (const t of tags) perIdea.set(t.ideaId, (perIdea.get(t.ideaId) ?? 0) + 1);
    expect(Math.max(...perIdea.values())).toBeLessThanOrEqual(3);
    const responses = await database.db.select().from(ideaResponses);
    for (const r of responses) {
      expect(r.organizationId).toBe(busy.id);
      expect(tags.some((t) => t.ideaId === r.ideaId && t.orgId === busy.id)).toBe(true);
    }
  });
});
