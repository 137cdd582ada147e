import { sql } from 'drizzle-orm';
import {
  ideaOrganizations,
  ideaResponses,
  ideas,
  organizationMembers,
  organizations,
  users,
} from '../../src/db/schema/index.js';
import { insertUnnest, type SeedStep } from './types.js';

/**
 * Organisations ideas tag. The first is the busy one (a state ministry most rural and climate ideas
 * tag): its verified member is member1, so its inbox is the one the benchmark reads at every scale.
 */
export const SEED_ORGANIZATIONS: ReadonlyArray<{
  name: string;
  kind: 'company' | 'government' | 'ngo';
  domain: string;
  /** Share of visible ideas that tag it. */
  share: number;
}> = [
  { name: 'Department of Rural Development', kind: 'government', domain: 'rural.gov.in', share: 0.15 },
  { name: 'GreenGrid Energy', kind: 'company', domain: 'greengrid.example', share: 0.05 },
  { name: 'Open Health Foundation', kind: 'ngo', domain: 'openhealth.example', share: 0.04 },
  { name: 'Bharat Skills Mission', kind: 'government', domain: 'skills.gov.in', share: 0.04 },
  { name: 'Kisan Co-operative Network', kind: 'ngo', domain: 'kisan-coop.example', share: 0.03 },
  { name: 'Metro Mobility Ltd', kind: 'company', domain: 'metromobility.example', share: 0.02 },
];
/** The busy organisation's verified member (seed/users.ts creates member1…member40). */
export const SEED_ORGANIZATION_MEMBER = 'member1@agora.demo';

const RESPONSES = [
  ['acknowledged', 'Thank you — our team has read this and will get back to you.'],
  ['under-review', 'We are reviewing this with the district offices this quarter.'],
  ['adopted', 'We are piloting this in two districts; the author is in touch with our team.'],
  ['declined', 'This overlaps with an existing scheme; we have linked the author to it.'],
] as const;

/** Organisations (one verified, with a member), the ideas that tag them and a few official responses. */
export const step: SeedStep & { order: number } = {
  name: 'organizations',
  order: 45,
  async run(ctx) {
    const { db, rng } = ctx;
    const creator = ctx.userIds[0] ?? null;
    const orgs = await db
      .insert(organizations)
      .values(
        SEED_ORGANIZATIONS.map((o, i) => ({
          name: o.name,
          kind: o.kind,
          domain: o.domain,
          createdBy: creator,
          verifiedAt: i === 0 ? ctx.now : null,
          createdAt: new Date(ctx.now.getTime() - 200 * 86_400_000),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: organizations.id, name: organizations.name });
    if (orgs.length === 0) return ctx.log('organizations: already seeded');
    const byName = new Map(orgs.map((o) => [o.name, o.id]));
    const busy = byName.get(SEED_ORGANIZATIONS[0]!.name)!;
    const [member] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = ${SEED_ORGANIZATION_MEMBER}`);
    if (member) {
      await db
        .insert(organizationMembers)
        .values({ organizationId: busy, userId: member.id, email: 'member1@rural.gov.in' })
        .onConflictDoNothing();
    }

    // Tags: at most 3 per idea (the product's limit), at the idea's time or soon after.
    const visible = await db
      .select({ id: ideas.id, createdAt: ideas.createdAt })
      .from(ideas)
      .where(sql`not ${ideas.hidden}`);
    const tags: Array<[string, string, Date]> = [];
    const responses: Array<[string, string, string | null, string, string, Date]> = [];
    for (const idea of visible) {
      let n = 0;
      for (const o of SEED_ORGANIZATIONS) {
        if (n === 3 || !rng.chance(o.share)) continue;
        n++;
        const orgId = byName.get(o.name)!;
        const taggedAt = new Date(
          Math.min(idea.createdAt.getTime() + rng.int(0, 600) * 60_000, ctx.now.getTime() - 60_000),
        );
        tags.push([idea.id, orgId, taggedAt]);
        if (orgId === busy && member && rng.chance(0.2)) {
          const [status, message] = rng.pick(RESPONSES);
          const at = new Date(Math.min(taggedAt.getTime() + rng.int(60, 20_000) * 60_000, ctx.now.getTime()));
          responses.push([idea.id, orgId, member.id, status, message, at]);
        }
      }
    }
    await insertUnnest(
      db,
      ideaOrganizations,
      [
        ['idea_id', 'uuid'],
        ['organization_id', 'uuid'],
        ['created_at', 'timestamptz'],
      ],
      tags,
      { onConflictDoNothing: true },
    );
    await insertUnnest(
      db,
      ideaResponses,
      [
        ['idea_id', 'uuid'],
        ['organization_id', 'uuid'],
        ['responder_id', 'uuid'],
        ['status', 'text'],
        ['message', 'text'],
        ['created_at', 'timestamptz'],
      ],
      responses,
    );
    ctx.log(
      `organizations: ${orgs.length} organisations, ${tags.length} tags, ${responses.length} responses`,
    );
  },
};
