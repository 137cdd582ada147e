import {
  type HACKATHON_CATEGORIES,
  type HACKATHON_DURATIONS,
  HACKATHON_LOCATION_TYPES,
  type HackathonTeamMember,
} from '@agora/shared';
import { inArray, sql } from 'drizzle-orm';
import { hackathonParticipants, hackathonSubmissions, hackathons, users } from '../../src/db/schema/index.js';
import { insertBatched, PER_SCALE, type SeedContext, type SeedStep, scaled } from './types.js';

type HackathonCategory = (typeof HACKATHON_CATEGORIES)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Each theme with the category it belongs to, so a card's title and category agree. */
const THEMES: ReadonlyArray<readonly [title: string, description: string, category: HackathonCategory]> = [
  [
    'Climate Code',
    'Tools that measure, predict or cut emissions for cities and small businesses.',
    'Data Science',
  ],
  ['HealthHack', 'Patient-first apps: triage, reminders, accessibility and clinic workflows.', 'Healthtech'],
  ['Open Finance Jam', 'Payments, budgeting and credit tools built on open banking APIs.', 'Fintech'],
  ['EdTech Sprint', 'Learning tools for classrooms with patchy internet and shared devices.', 'Edtech'],
  ['Civic Data Weekend', 'Turn public data sets into services citizens actually use.', 'Data Science'],
  ['Edge AI Challenge', 'Small models on small devices: vision, audio and sensors offline.', 'AI/ML'],
  ['Secure by Design', 'Find and fix real security problems in open-source web apps.', 'Cybersecurity'],
  ['Chain Reaction', 'Smart contracts with real users: supply chains, ticketing, identity.', 'Blockchain'],
  ['Mobile Makers', 'Native and cross-platform apps for the next billion users.', 'Mobile Development'],
  ['Smart Farm IoT', 'Sensors, dashboards and alerts for farms and greenhouses.', 'IoT'],
  ['Data for Good', 'Analysis and visualisation for non-profits and NGOs.', 'Data Science'],
  ['Web Perf Cup', 'Make slow sites fast: budgets, tooling and real-world fixes.', 'Web Development'],
];

/** The duration label that the dates make true (the organiser form offers these labels). */
export function durationFor(start: Date, end: Date): (typeof HACKATHON_DURATIONS)[number] {
  const hours = (end.getTime() - start.getTime()) / HOUR;
  if (hours <= 24) return '24 hours';
  if (hours <= 48) return '48 hours';
  if (hours <= 72) return '72 hours';
  if (hours <= 7 * 24) return '1 week';
  if (hours <= 14 * 24) return '2 weeks';
  return '1 month';
}

const CITIES = ['Bengaluru', 'Pune', 'Hyderabad', 'Chennai', 'Delhi', 'Mumbai', 'Kochi'];
const PRIZES = [
  '₹50,000',
  '₹1,00,000',
  '₹2,50,000',
  '$5,000',
  '₹75,000 + internships',
  'Swag and mentorship',
];
const TEAMS = ['Byte Club', 'Null Pointers', 'Team Photon', 'Green Loop', 'Async Owls', 'Pixel Pushers'];
const PROJECTS = ['Watt Watcher', 'ClinicQ', 'Ledger Lite', 'Offline Tutor', 'Ward Map', 'Leaf Lens'];

/**
 * The phases, relative to now: past (some with winners), running, upcoming (one inside the last
 * hour before its start, one within 24 hours), plus pending and rejected ones for the review queue.
 */
type Kind = 'past' | 'open' | 'soon' | 'closing' | 'upcoming' | 'pending' | 'rejected';
const PLAN: Kind[] = [
  'past',
  'past',
  'past',
  'open',
  'open',
  'open',
  'closing',
  'soon',
  'upcoming',
  'upcoming',
  'pending',
  'rejected',
];

function window(kind: Kind, now: number, rng: SeedContext['rng']): [Date, Date] {
  switch (kind) {
    case 'past': {
      const end = now - rng.int(2, 60) * DAY;
      return [new Date(end - rng.int(1, 7) * DAY), new Date(end)];
    }
    case 'open': {
      const start = now - rng.int(2, 48) * HOUR;
      return [new Date(start), new Date(now + rng.int(1, 10) * DAY)];
    }
    case 'closing': {
      // Inside the last hour before the start: registration is closed.
      const start = now + 30 * 60_000;
      return [new Date(start), new Date(start + 2 * DAY)];
    }
    case 'soon': {
      const start = now + rng.int(3, 20) * HOUR;
      return [new Date(start), new Date(start + 2 * DAY)];
    }
    default: {
      const start = now + rng.int(3, 45) * DAY;
      return [new Date(start), new Date(start + rng.int(1, 14) * DAY)];
    }
  }
}

export const step: SeedStep & { order: number } = {
  name: 'hackathons',
  order: 40,
  async run(ctx) {
    if (ctx.userIds.length < 6) {
      ctx.log('hackathons: skipped (needs users)');
      return;
    }
    const people = await ctx.db
      .select({ id: users.id, email: users.email, displayName: users.displayName, role: users.role })
      .from(users)
      .where(inArray(users.id, ctx.userIds.slice(0, 2000)));
    const byId = new Map(people.map((p) => [p.id, p]));
    const adminId = people.find((p) => p.role === 'admin')?.id ?? null;
    // The demo "user" account organises some so My Hackathons has content; members organise the rest.
    const demoUser = people.find((p) => p.email === 'user@agora.demo')?.id ?? ctx.userIds[0]!;
    const members = ctx.userIds.slice(4);
    const now = ctx.now.getTime();

    const rows: Array<typeof hackathons.$inferInsert> = [];
    const count = scaled(ctx, PER_SCALE.hackathons, PLAN.length);
    for (let i = 0; i < count; i++) {
      const kind = PLAN[i % PLAN.length]!;
      const [title, description, category] = THEMES[i % THEMES.length]!;
      const authorId = i % 4 === 0 ? demoUser : ctx.rng.pick(members);
      const author = byId.get(authorId);
      const [startDate, endDate] = window(kind, now, ctx.rng);
      const locationType = ctx.rng.pick(HACKATHON_LOCATION_TYPES);
      const status = kind === 'pending' ? 'pending' : kind === 'rejected' ? 'rejected' : 'published';
      rows.push({
        authorId,
        // The year in a title is the year the event starts.
        title:
          ctx.scale > 1
            ? `${title} ${startDate.getUTCFullYear()} #${Math.floor(i / PLAN.length) + 1}`
            : `${title} ${startDate.getUTCFullYear()}`,
        description: `${description} Teams of up to four; mentors on hand throughout. Bring an idea or pick one of ours on day one.`,
        category,
        status,
        featured: i % 5 === 0 && status === 'published',
        organizerName: author?.displayName ? `${author.displayName} (Organiser)` : 'Agora Community',
        organizerEmail: author?.email ?? 'events@agora.demo',
        organizerPhone: ctx.rng.chance(0.5) ? `+91 9${ctx.rng.int(100000000, 999999999)}` : null,
        startDate,
        endDate,
        duration: durationFor(startDate, endDate),
        location: locationType === 'online' ? null : `${ctx.rng.pick(CITIES)} Tech Park`,
        locationType,
        prizePool: ctx.rng.pick(PRIZES),
        judgingCriteria: 'Impact (40%), technical depth (30%), design (20%), presentation (10%)',
        requirements: 'A laptop, a team of 1–4, and a public repository for your code.',
        additionalInfo: ctx.rng.chance(0.5) ? 'Meals and Wi-Fi provided at the venue.' : null,
        tags: [
          title.split(' ')[0]!.toLowerCase(),
          ctx.rng.pick(['beginner-friendly', 'open-source', 'prizes', 'remote']),
        ],
        rejectionReason:
          status === 'rejected' ? 'The dates overlap with another event; please pick new dates.' : null,
        reviewedBy: status === 'pending' ? null : adminId,
        reviewedAt: status === 'pending' ? null : new Date(startDate.getTime() - 10 * DAY),
        createdAt: new Date(Math.min(now, startDate.getTime()) - 14 * DAY),
        updatedAt: new Date(Math.min(now, startDate.getTime()) - 14 * DAY),
      });
    }

    const created: Array<{ id: string; status: string; startDate: Date; endDate: Date; authorId: string }> =
      [];
    await insertBatched(rows, 500, async (batch) => {
      created.push(
        ...(await ctx.db.insert(hackathons).values(batch).returning({
          id: hackathons.id,
          status: hackathons.status,
          startDate: hackathons.startDate,
          endDate: hackathons.endDate,
          authorId: hackathons.authorId,
        })),
      );
    });

    const participants: Array<typeof hackathonParticipants.$inferInsert> = [];
    const submissions: Array<typeof hackathonSubmissions.$inferInsert> = [];
    const counts = new Map<string, number>();
    const demoParticipant = people.find((p) => p.email === 'answerer@agora.demo')?.id;
    for (const h of created) {
      if (h.status !== 'published') continue;
      const pool = ctx.userIds.filter((u) => u !== h.authorId);
      const n = Math.min(pool.length, ctx.rng.int(3, 25));
      const chosen = new Set<string>();
      if (demoParticipant && demoParticipant !== h.authorId && ctx.rng.chance(0.6))
        chosen.add(demoParticipant);
      while (chosen.size < n) chosen.add(ctx.rng.pick(pool));
      counts.set(h.id, chosen.size);
      const registeredBefore = Math.min(h.startDate.getTime() - 2 * HOUR, now);
      let s = 0;
      for (const userId of chosen) {
        participants.push({
          hackathonId: h.id,
          userId,
          registeredAt: new Date(registeredBefore - ctx.rng.int(1, 240) * HOUR),
        });
        const started = h.startDate.getTime() <= now;
        if (started && ctx.rng.chance(0.5)) {
          const person = byId.get(userId);
          const team: HackathonTeamMember[] = [
            { userId, userDisplayName: person?.displayName ?? 'Member', userEmail: person?.email ?? '' },
          ];
          const at = new Date(Math.min(now, h.endDate.getTime()) - ctx.rng.int(1, 20) * HOUR);
          const ended = h.endDate.getTime() < now;
          submissions.push({
            hackathonId: h.id,
            userId,
            teamName: `${ctx.rng.pick(TEAMS)} ${s + 1}`,
            projectTitle: ctx.rng.pick(PROJECTS),
            projectDescription: 'A working prototype with a short demo video and a README on how to run it.',
            projectUrl: 'https://example.com/project',
            githubUrl: 'https://github.com/example/project',
            demoUrl: ctx.rng.chance(0.5) ? 'https://example.com/demo' : null,
            teamMembers: team,
            status: ended && s === 0 ? 'winner' : ended && s === 1 ? 'runner_up' : 'participant',
            submittedAt: at < h.startDate ? h.startDate : at,
            updatedAt: at < h.startDate ? h.startDate : at,
          });
          s++;
        }
      }
    }
    await insertBatched(participants, 1000, (batch) => ctx.db.insert(hackathonParticipants).values(batch));
    await insertBatched(submissions, 500, (batch) => ctx.db.insert(hackathonSubmissions).values(batch));
    // The counter column mirrors the rows, set in one statement per batch of hackathons.
    await insertBatched([...counts.keys()], 1000, (ids) =>
      ctx.db
        .update(hackathons)
        .set({
          participantCount: sql`(select count(*)::int from ${hackathonParticipants} p where p.hackathon_id = ${hackathons.id})`,
        })
        .where(inArray(hackathons.id, ids)),
    );
    ctx.log(
      `hackathons: ${created.length} (past, running, upcoming, pending, rejected), ${participants.length} registrations, ${submissions.length} submissions`,
    );
  },
};
