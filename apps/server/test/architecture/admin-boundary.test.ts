import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Area boundaries around the admin area, checked on the source text:
 * - admin reads and writes other areas' rows only through their services: no file of modules/admin
 *   imports another area's *.repo.ts, nor a db/schema table the admin area does not own;
 * - transactions are passed as a typed Executor, never smuggled in as a fake `Db`;
 * - the question lookup and lock exist once (questions.repo.ts);
 * - the audit writer is generic (lib/audit.ts): nothing imports modules/admin/audit, and no other
 *   area imports the admin area at all (no area-level cycles);
 * - cursors are decoded by lib/cursor.ts only.
 *
 * Test-only code (*.test.ts, *.fixtures.ts) is left out: fixtures seed other areas' rows on purpose.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** The admin area's own tables: the audit log and the overview_daily and pending_counts summaries it reads. */
const ADMIN_TABLES = new Set(['auditLog', 'overviewDaily', 'pendingCounts']);
/**
 * The overview read model (admin.repo.ts overviewFigures) also counts the mail backlog in the same
 * single query: it reads this, never writes it.
 */
const OVERVIEW_READS = new Set(['mailOutbox']);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const isTestOnly = (f: string) => /\.(test|fixtures)\.ts$/.test(f);
const rel = (f: string) => path.relative(SRC, f).split(path.sep).join('/');
const files = walk(SRC)
  .filter((f) => !isTestOnly(f))
  .map((f) => ({ file: rel(f), text: readFileSync(f, 'utf8') }));

/** Every import/export-from of a file: the module specifier and the named bindings. */
function importsOf(text: string): Array<{ from: string; names: string[] }> {
  const out: Array<{ from: string; names: string[] }> = [];
  const re = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?([\s\S]*?)\s+from\s+['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(re)) {
    const names = [...(m[1]!.match(/\{([\s\S]*)\}/)?.[1] ?? '').split(',')]
      .map((n) =>
        n
          .replace(/^\s*type\s+/, '')
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter(Boolean);
    out.push({ from: m[2]!, names });
  }
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push({ from: m[1]!, names: [] });
  return out;
}

const adminFiles = files.filter((f) => f.file.startsWith('modules/admin/'));

describe('admin area boundary', () => {
  it('finds the sources it checks', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(adminFiles.map((f) => f.file)).toEqual(
      expect.arrayContaining(['modules/admin/admin.repo.ts', 'modules/admin/admin.service.ts']),
    );
  });

  it("no admin file imports another area's repo", () => {
    const bad = adminFiles.flatMap(({ file, text }) =>
      importsOf(text)
        .filter(
          (i) =>
            /\.repo(\.js|\.ts)?$/.test(i.from) && !/^\.\/(admin|pending-counts)\.repo(\.js)?$/.test(i.from),
        )
        .map((i) => `${file} imports ${i.from}`),
    );
    expect(bad).toEqual([]);
  });

  it('admin files import only the tables the admin area owns', () => {
    const bad = adminFiles.flatMap(({ file, text }) =>
      importsOf(text)
        .filter((i) => /db\/schema/.test(i.from))
        .flatMap((i) => {
          if (i.names.length === 0) return [`${file} imports ${i.from} as a whole`];
          const allowed = (n: string) =>
            ADMIN_TABLES.has(n) || (file === 'modules/admin/admin.repo.ts' && OVERVIEW_READS.has(n));
          return i.names.filter((n) => !allowed(n)).map((n) => `${file} imports table ${n}`);
        }),
    );
    expect(bad).toEqual([]);
  });

  it('the admin read model writes nothing (changes go through the owning area)', () => {
    const repo = adminFiles.find((f) => f.file === 'modules/admin/admin.repo.ts')!;
    expect(repo.text).not.toMatch(/\.(insert|update|delete)\(/);
    expect(repo.text).not.toMatch(/\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i);
  });

  it('no `as unknown as Db` (transactions are passed as an Executor)', () => {
    // db/client.ts is where each driver's handle becomes the common Db type: the one place allowed.
    const bad = files
      .filter(({ file, text }) => file !== 'db/client.ts' && /as\s+unknown\s+as\s+Db\b/.test(text))
      .map((f) => f.file);
    expect(bad).toEqual([]);
  });

  it('findQuestion and lockQuestion are queries of questions.repo.ts, offered to other areas by the escrow service', () => {
    const def = /(?:function\s*\*?\s*|(?:const|let|var)\s+)(findQuestion|lockQuestion)\b/g;
    const where = (name: string) =>
      files.filter(({ text }) => [...text.matchAll(def)].some((m) => m[1] === name)).map((f) => f.file);
    const owners = ['modules/questions/questions.escrow.service.ts', 'modules/questions/questions.repo.ts'];
    expect(where('findQuestion').sort()).toEqual(owners);
    expect(where('lockQuestion').sort()).toEqual(owners);
  });

  it('nothing imports modules/admin/audit; no other area imports the admin area', () => {
    const all = walk(SRC).map((f) => ({ file: rel(f), text: readFileSync(f, 'utf8') }));
    const auditImports = all.flatMap(({ file, text }) =>
      importsOf(text)
        .filter(
          (i) =>
            /(^|\/)admin\/audit(\.js|\.ts)?$/.test(i.from) ||
            (file.startsWith('modules/admin/') && /^\.\/audit(\.js)?$/.test(i.from)),
        )
        .map((i) => `${file} imports ${i.from}`),
    );
    expect(auditImports).toEqual([]);
    const cycles = files
      .filter((f) => /^modules\/(?!admin\/)[^/]+\//.test(f.file))
      .flatMap(({ file, text }) =>
        importsOf(text)
          .filter((i) => /(^|\/)modules\/admin\/|^\.\.\/admin\//.test(i.from))
          .map((i) => `${file} imports ${i.from}`),
      );
    expect(cycles).toEqual([]);
  });

  it('cursors are decoded by lib/cursor.ts only', () => {
    const BASE64URL_DECODERS = new Set(['lib/cursor.ts']);
    const bad = files
      .filter(
        ({ file, text }) =>
          !BASE64URL_DECODERS.has(file) && /Buffer\.from\([^)]*['"]base64url['"]\s*\)|\batob\(/.test(text),
      )
      .map((f) => f.file);
    expect(bad).toEqual([]);
  });
});
