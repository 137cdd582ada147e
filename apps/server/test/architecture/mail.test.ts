/**
 * One way to e-mail a notification: the notifications service (`notify`, `notifyOnce`,
 * `notifyOnceMany` with their `mail`) writes the notification and queues its e-mail in the same
 * transaction. Only mail that is not a notification queues itself, through platform/mail.ts:
 * those senders are listed below by file, each with what it sends. A new direct sender fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

const rel = (f: string) => path.relative(src, f).split(path.sep).join('/');
/** Server sources, tests and fixtures excluded (tests read and seed the outbox on purpose). */
const sources = walk(src)
  .filter((f) => f.endsWith('.ts') && !/\.(test|fixtures)\.ts$/.test(f))
  .map((f) => ({ file: rel(f), text: readFileSync(f, 'utf8') }));

/** The outbox itself and the notifications service's parts that mail notifications. */
const MAIL_OWNERS = new Set([
  'platform/mail.ts',
  'modules/notifications/notifications.notify.service.ts',
  'modules/notifications/notifications.once.service.ts',
]);

/** Mail that is not a notification: nothing appears in the recipient's notifications for it. */
const MAIL_WITHOUT_NOTIFICATION: Record<string, string> = {
  'modules/auth/auth.password-reset.service.ts':
    'the password-reset e-mail (an account e-mail, not a notification)',
  'modules/questions/category-follows.digest.service.ts':
    "the daily digest of a follower's categories (one e-mail a day, no notification)",
  'modules/hackathons/hackathons.judging.judges.service.ts':
    'the invitation to judge sent to an address with no account yet (nobody to notify in the app)',
  'modules/organizations/organizations.claims.service.ts':
    'the verification link sent to a work address to prove membership (an account e-mail, not a notification)',
};

/** Text that queues mail itself: imports enqueueMail/enqueueMails, or inserts into the outbox table. */
export function queuesMail(text: string): boolean {
  const imported = [
    ...text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"][./]*platform\/mail(\.js)?['"]/g),
  ].some((m) => /(^|[\s,])enqueueMails?\b/.test(m[1]!.replace(/\btype\s+\w+/g, '')));
  return (
    imported ||
    /\.insert\(\s*(?:[\w$]+\.)?mailOutbox\s*\)/.test(text) ||
    /insert\s+into\s+(?:\$\{\s*(?:[\w$]+\.)?mailOutbox\s*\}|"?mail_outbox"?)(?![\w$])/i.test(text)
  );
}

const senders = sources.filter((s) => queuesMail(s.text)).map((s) => s.file);

describe('e-mail of notifications goes through the notifications service', () => {
  it('finds the sources it checks', () => {
    expect(sources.length).toBeGreaterThan(50);
    // The owners themselves are seen by the check (it would notice a sender).
    expect(senders).toEqual(expect.arrayContaining([...MAIL_OWNERS]));
  });

  it('no other file queues mail, except the listed mail that is not a notification', () => {
    const allowed = new Set([...MAIL_OWNERS, ...Object.keys(MAIL_WITHOUT_NOTIFICATION)]);
    expect(senders.filter((f) => !allowed.has(f))).toEqual([]);
  });

  it('every listed exception still queues mail itself (the lists do not outlive their reason)', () => {
    const listed = Object.keys(MAIL_WITHOUT_NOTIFICATION);
    expect(listed.filter((f) => !senders.includes(f))).toEqual([]);
  });

  it('recognises the ways of queuing mail', () => {
    expect(queuesMail("import { enqueueMail } from '../../platform/mail.js';")).toBe(true);
    expect(queuesMail("import { MAIL_LINK_SLOT, enqueueMails } from '../platform/mail';")).toBe(true);
    expect(queuesMail("import { type MailMessage, enqueueMail as q } from '../../platform/mail.js';")).toBe(
      true,
    );
    expect(queuesMail('await tx.insert(mailOutbox).values(row)')).toBe(true);
    expect(queuesMail('INSERT INTO mail_outbox (recipient) VALUES ($1)')).toBe(true);
    expect(queuesMail("import type { MailMessage } from '../../platform/mail.js';")).toBe(false);
    expect(queuesMail("import { notify } from '../notifications/notifications.service.js';")).toBe(false);
    expect(queuesMail('select count(*) from mail_outbox')).toBe(false);
  });
});
