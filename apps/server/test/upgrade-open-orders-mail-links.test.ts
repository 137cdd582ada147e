// The upgrade that brings one open order per question and mail without stored links
// (migration 0024): what it does to rows written before it, replayed on a migrated database put
// back into the old state.
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { mailOutbox, passwordResets, payments, questions, users } from '../src/db/schema/index.js';
import { MAIL_LINK_SLOT } from '../src/platform/mail.js';
import { freshDatabase } from './helpers.js';

const statements = readFileSync(
  new URL('../src/db/migrations/0024_payments_one_open_order.sql', import.meta.url),
  'utf8',
)
  .split('--> statement-breakpoint')
  .map((s) => s.trim());
/** The migration's statements that change rows or add the open-order index (not the columns). */
const step = (starts: string) => {
  const found = statements.filter((s) => s.replace(/^(--.*\n)*/, '').startsWith(starts));
  if (found.length !== 1) throw new Error(`no single statement starting ${starts}`);
  return sql.raw(found[0]!);
};

describe('upgrade: one open order per question, no links kept in mail', () => {
  let database: Database;
  let userId: string;
  beforeAll(async () => {
    database = await freshDatabase();
    const [u] = await database.db
      .insert(users)
      .values({ email: 'before@example.com', name: 'Before', displayName: 'Before' })
      .returning();
    userId = u!.id;
  });
  afterAll(() => database.close());

  it('keeps the newest open order of each question and cancels the older ones', async () => {
    const db = database.db;
    // Written by an older instance, before the index existed.
    await db.execute(sql`drop index payments_one_open_per_question`);
    const [q] = await db
      .insert(questions)
      .values({ authorId: userId, title: 'Paid twice?', description: 'd', category: 'Technology' })
      .returning();
    const [other] = await db
      .insert(questions)
      .values({ authorId: userId, title: 'Paid once', description: 'd', category: 'Technology' })
      .returning();
    const order = (questionId: string, orderId: string, minutesAgo: number) => ({
      questionId,
      userId,
      provider: 'sandbox',
      orderId,
      amount: 1000,
      status: 'created',
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    await db
      .insert(payments)
      .values([
        order(q!.id, 'order_Old', 30),
        order(q!.id, 'order_Newest', 1),
        order(q!.id, 'order_Middle', 10),
        order(other!.id, 'order_Alone', 50),
      ]);
    await db.execute(step('UPDATE "payments"'));
    await db.execute(step('CREATE UNIQUE INDEX "payments_one_open_per_question"'));
    const rows = await db.select({ orderId: payments.orderId, status: payments.status }).from(payments);
    expect(Object.fromEntries(rows.map((r) => [r.orderId, r.status]))).toEqual({
      order_Old: 'cancelled',
      order_Middle: 'cancelled',
      order_Newest: 'created',
      order_Alone: 'created',
    });
    // And from now on the database refuses a second one.
    await expect(db.insert(payments).values(order(q!.id, 'order_Again', 0))).rejects.toThrow();
  });

  it('takes reset links out of every stored e-mail, voids them, and gives up on unsent ones', async () => {
    const db = database.db;
    const link = 'https://agora.example/reset-password?token=AbCdEf0123456789_-xyz';
    await db.insert(passwordResets).values({
      userId,
      tokenHash: 'a'.repeat(64),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await db.insert(mailOutbox).values([
      { to: 'sent@example.com', subject: 'Reset', text: `Open:\n\n${link}\n\nBye`, status: 'sent' },
      { to: 'waiting@example.com', subject: 'Reset', text: `Open:\n\n${link}\n\nBye` },
      { to: 'other@example.com', subject: 'Approved', text: 'Nothing secret: https://agora.example/job/1' },
    ]);
    await db.execute(step('UPDATE "password_resets"'));
    await db.execute(step('UPDATE "mail_outbox"'));
    const mails = await db.select().from(mailOutbox);
    const by = (to: string) => mails.find((m) => m.to === to)!;
    for (const m of mails) expect(m.text).not.toContain('token=');
    expect(by('sent@example.com')).toMatchObject({
      status: 'sent',
      text: `Open:\n\n${MAIL_LINK_SLOT}\n\nBye`,
    });
    expect(by('waiting@example.com')).toMatchObject({ status: 'failed' });
    expect(by('waiting@example.com').lastError).toMatch(/withdrawn/);
    expect(by('other@example.com')).toMatchObject({
      status: 'pending',
      text: 'Nothing secret: https://agora.example/job/1',
    });
    const [reset] = await db.select().from(passwordResets).where(eq(passwordResets.userId, userId));
    expect(reset!.usedAt).not.toBeNull();
  });
});
