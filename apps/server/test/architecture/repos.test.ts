/**
 * Area boundaries, read from the source text (the import rules — SQL only in repos, no other area's
 * repo — are dependency-cruiser's, in dependencies.test.ts):
 * - every area that uses tables has its own repo;
 * - repos take the executor (`Executor` = database or open transaction) explicitly, never `Db`/`Tx`;
 * - notifications are written only by modules/notifications (notify, notifyOnce, notifyMany,
 *   notifyOnceMany), so there is one once-key scheme and one place that mails with them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const modules = path.join(src, 'modules');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Source files of the server, tests excluded (tests may set up rows directly). */
const sources = walk(src).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const rel = (f: string) => path.relative(src, f).split(path.sep).join('/');
const read = (f: string) => readFileSync(f, 'utf8');
const areas = readdirSync(modules).filter((d) => statSync(path.join(modules, d)).isDirectory());

/** Import specifiers of a file (static `from '…'` and dynamic `import('…')`). */
function importsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    out.push((m[1] ?? m[2])!);
  }
  return out;
}

const touchesDrizzle = (spec: string) =>
  spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/') || /\/db\/schema(\/|$|\.)/.test(spec);

/** Text that inserts into the notifications table: Drizzle `insert(notifications)` or SQL. */
export function insertsNotifications(text: string): boolean {
  return (
    /\.insert\(\s*(?:[\w$]+\.)?notifications\s*\)/.test(text) ||
    /insert\s+into\s+(?:\$\{\s*(?:[\w$]+\.)?notifications\s*\}|"?notifications"?)(?![\w$])/i.test(text)
  );
}

describe('area boundaries: repos', () => {
  it('finds the modules it checks', () => {
    expect(areas).toEqual(expect.arrayContaining(['ideas', 'follows', 'notifications', 'users', 'settings']));
    expect(sources.some((f) => f.endsWith('.service.ts'))).toBe(true);
  });

  it('every area that uses tables has its own repo', () => {
    const schemaFiles = readdirSync(path.join(src, 'db', 'schema')).map((f) => f.replace(/\.ts$/, ''));
    const missing = areas.filter((area) => {
      const dir = path.join(modules, area);
      const repo = path.join(dir, `${area}.repo.ts`);
      if (existsSync(repo)) return false;
      const usesTables = walk(dir)
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .some((f) => importsOf(read(f)).some(touchesDrizzle));
      return usesTables || schemaFiles.includes(area);
    });
    expect(missing).toEqual([]);
  });

  it('repos take the executor as an Executor, never as Db or Tx', () => {
    const offenders = sources
      .filter((f) => f.endsWith('.repo.ts'))
      .filter((f) => {
        const text = read(f);
        const fromClient = [
          ...text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"][./]*db\/client(\.js)?['"]/g),
        ];
        return (
          fromClient.some((m) => /\b(Db|Tx)\b/.test(m[1]!)) ||
          /\bas\s+(?:unknown\s+as\s+)?(Db|Tx|Executor)\b/.test(text)
        );
      })
      .map(rel);
    expect(offenders).toEqual([]);
  });

  it('only modules/notifications inserts into the notifications table', () => {
    const offenders = sources
      .filter((f) => !rel(f).startsWith('modules/notifications/'))
      .filter((f) => insertsNotifications(read(f)))
      .map(rel);
    expect(offenders).toEqual([]);
    // The notifications module itself is where they are written (the check would see it).
    expect(
      sources
        .filter((f) => rel(f).startsWith('modules/notifications/'))
        .some((f) => insertsNotifications(read(f))),
    ).toBe(true);
  });

  it('recognises the ways of inserting a notification', () => {
    expect(insertsNotifications('await tx.insert(notifications).values({})')).toBe(true);
    expect(insertsNotifications('db.insert( schema.notifications )')).toBe(true);
    expect(insertsNotifications(['sql`insert into $', '{notifications} (id) values (1)`'].join(''))).toBe(
      true,
    );
    expect(insertsNotifications('INSERT INTO notifications (user_id) VALUES ($1)')).toBe(true);
    expect(insertsNotifications('insert into "notifications" (user_id)')).toBe(true);
    expect(insertsNotifications('insert(notificationsArchive)')).toBe(false);
    expect(insertsNotifications('insert into notifications_seen (id)')).toBe(false);
    expect(insertsNotifications('await notify(tx, userId, { type: "answer", title })')).toBe(false);
  });
});
