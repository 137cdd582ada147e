import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { users } from '../../src/db/schema/index.js';
import { insertBatched, PER_SCALE, type SeedStep, scaled } from './types.js';

export const DEMO_PASSWORD = 'agora-demo-2026';
export const DEMO_USERS = [
  { email: 'admin@agora.demo', name: 'Aditi Admin', role: 'admin' },
  { email: 'questioner@agora.demo', name: 'Quentin Questioner', role: 'questioner' },
  { email: 'answerer@agora.demo', name: 'Anaya Answerer', role: 'answerer' },
  { email: 'user@agora.demo', name: 'Uma User', role: 'user' },
] as const;

const FIRST = [
  'Aarav',
  'Diya',
  'Kabir',
  'Meera',
  'Rohan',
  'Sara',
  'Vikram',
  'Zoya',
  'Liam',
  'Emma',
  'Noah',
  'Olivia',
  'Ishaan',
  'Priya',
  'Arjun',
  'Nisha',
];
const LAST = [
  'Sharma',
  'Iyer',
  'Khan',
  'Patel',
  'Reddy',
  'Gupta',
  'Singh',
  'Das',
  'Smith',
  'Garcia',
  'Chen',
  'Nair',
  'Mehta',
  'Bose',
];

export const usersStep: SeedStep = {
  name: 'users',
  async run(ctx) {
    const passwordHash = await hash(DEMO_PASSWORD, { algorithm: 2 });
    const demo = await ctx.db
      .insert(users)
      .values(DEMO_USERS.map((u) => ({ ...u, displayName: u.name.split(' ')[0]!, passwordHash })))
      .onConflictDoUpdate({ target: users.email, set: { role: sql`excluded.role` } })
      .returning({ id: users.id });
    ctx.userIds.push(...demo.map((d) => d.id));
    const count = scaled(ctx, PER_SCALE.users, 40);
    const rows = Array.from({ length: count }, (_, i) => {
      const name = `${ctx.rng.pick(FIRST)} ${ctx.rng.pick(LAST)}`;
      return {
        email: `member${i + 1}@agora.demo`,
        name,
        displayName: name.split(' ')[0]!,
        passwordHash,
        role: ctx.rng.pick(['user', 'questioner', 'answerer', 'answerer'] as const),
        createdAt: new Date(ctx.now.getTime() - ctx.rng.int(1, 400) * 86_400_000),
      };
    });
    await insertBatched(rows, 1000, async (batch) => {
      const ids = await ctx.db.insert(users).values(batch).onConflictDoNothing().returning({ id: users.id });
      ctx.userIds.push(...ids.map((r) => r.id));
    });
    ctx.log(`users: ${DEMO_USERS.length} demo accounts + ${count} members`);
  },
};
