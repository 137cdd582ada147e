/**
 * One owner per table: ARCHITECTURE.md's "Tables and their owners" names, for every table, the one
 * place that writes it and the areas that may also read it (each join with its reason there). This
 * reads every shipped server file's table references — Drizzle table identifiers and table names
 * in SQL text — and fails on a write outside the owner, a read by an area the table does not list,
 * a table the document does not list, or a listed table that no longer exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const src = path.join(root, 'apps/server/src');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}
const rel = (f: string) => path.relative(src, f).split(path.sep).join('/');

/** Drizzle identifier → table name, from the schema modules. */
const tablesByIdentifier = new Map<string, string>();
for (const f of walk(path.join(src, 'db/schema'))) {
  for (const m of readFileSync(f, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
    tablesByIdentifier.set(m[1]!, m[2]!);
  }
}
const tableNames = new Set(tablesByIdentifier.values());

/** Source without comments, so prose naming a table is not a reference. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

export interface TableRefs {
  reads: Set<string>;
  writes: Set<string>;
}

/** Tables a file's code reads and writes (a write counts as a read too). */
export function tableRefs(text: string, identifiers = tablesByIdentifier, names = tableNames): TableRefs {
  const body = code(text);
  const reads = new Set<string>();
  const writes = new Set<string>();
  const imported = new Set<string>();
  for (const m of body.matchAll(
    /import\s*\{([^}]*)\}\s*from\s*['"][^'"]*db\/schema(?:\/[\w-]+)?(?:\/index)?(?:\.js)?['"]/g,
  )) {
    for (const n of m[1]!.split(',')) {
      const id = n
        .replace(/^\s*type\s+/, '')
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (identifiers.has(id)) imported.add(id);
    }
  }
  const namespace = /import\s+\*\s+as\s+(\w+)\s+from\s*['"][^'"]*db\/schema/.exec(body)?.[1];
  for (const [id, table] of identifiers) {
    const direct =
      imported.has(id) && new RegExp(`(?<![\\w$.])${id}\\b`).test(body.replace(/import[^;]*;/g, ''));
    const viaNamespace = namespace && new RegExp(`\\b${namespace}\\.${id}\\b`).test(body);
    if (!direct && !viaNamespace) continue;
    reads.add(table);
    const ref = namespace ? `(?:${namespace}\\.)?${id}` : id;
    if (new RegExp(`\\.(insert|update|delete)\\(\\s*${ref}\\s*\\)`).test(body)) writes.add(table);
    if (new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+\\$\\{\\s*${ref}\\s*\\}`, 'i').test(body))
      writes.add(table);
  }
  // Table names written into SQL text (sql`…`, raw strings).
  for (const table of names) {
    const t = `"?${table}"?(?![\\w$])`;
    if (new RegExp(`\\b(from|join|into|update|exists\\s*\\(\\s*select\\s+1\\s+from)\\s+${t}`, 'i').test(body))
      reads.add(table);
    if (new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+${t}`, 'i').test(body)) {
      reads.add(table);
      writes.add(table);
    }
  }
  return { reads, writes };
}

/** Where a file belongs for ownership: `<area>` for modules/<area>/…, else its own path. */
const ownerOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? file;

interface Ownership {
  owner: string;
  readers: Set<string>;
}

/** The table in ARCHITECTURE.md: | `table` | owner | also read by | why |. */
function documentedOwners(): Map<string, Ownership> {
  const doc = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');
  const section = doc.split(/^## Tables and their owners$/m)[1]?.split(/^## /m)[0] ?? '';
  const out = new Map<string, Ownership>();
  for (const line of section.split('\n')) {
    const m = /^\|\s*`(\w+)`\s*\|\s*`?([^|`]+?)`?\s*\|([^|]*)\|/.exec(line);
    if (!m) continue;
    const readers = new Set([...m[3]!.matchAll(/`([^`]+)`/g)].map((r) => r[1]!));
    out.set(m[1]!, { owner: m[2]!.trim(), readers });
  }
  return out;
}

/** Writes outside the owner that remain (ARCHITECTURE.md says where they go); the list only shrinks. */
const KNOWN_FOREIGN_WRITES = new Set<string>([]);

const files = [
  ...walk(path.join(src, 'modules')),
  ...walk(path.join(src, 'lib')),
  ...walk(path.join(src, 'platform')),
]
  .concat(
    readdirSync(src)
      .map((n) => path.join(src, n))
      .filter((f) => f.endsWith('.ts')),
  )
  .filter((f) => f.endsWith('.ts') && !/\.(test|fixtures)\.ts$/.test(f))
  .map((f) => ({ file: rel(f), refs: tableRefs(readFileSync(f, 'utf8')) }));

describe('one owner per table', () => {
  const owners = documentedOwners();

  it('ARCHITECTURE.md lists every table exactly once, and only tables that exist', () => {
    expect([...owners.keys()].sort()).toEqual([...tableNames].sort());
  });

  it("writes each table only from its owner's files", () => {
    const offenders = files.flatMap(({ file, refs }) =>
      [...refs.writes]
        .filter((t) => owners.get(t) && owners.get(t)!.owner !== ownerOf(file))
        .map((t) => `${file} writes ${t}`),
    );
    expect(offenders.filter((o) => !KNOWN_FOREIGN_WRITES.has(o))).toEqual([]);
    expect([...KNOWN_FOREIGN_WRITES].filter((o) => !offenders.includes(o))).toEqual([]);
  });

  it('reads a table only from its owner or an area the document lists as a reader', () => {
    const offenders = files
      .flatMap(({ file, refs }) =>
        [...refs.reads]
          .filter((t) => {
            const o = owners.get(t);
            return o && o.owner !== ownerOf(file) && !o.readers.has(ownerOf(file));
          })
          .map((t) => `${file} reads ${t}`),
      )
      .filter(
        // A file that still writes a table outside its owner reads it too: counted once, above.
        (o) => !KNOWN_FOREIGN_WRITES.has(o.replace(' reads ', ' writes ')),
      );
    expect(offenders).toEqual([]);
  });

  it('every listed reader still reads the table (the list does not outlive its reason)', () => {
    const stale = [...owners].flatMap(([table, { readers }]) =>
      [...readers]
        .filter((r) => !files.some(({ file, refs }) => ownerOf(file) === r && refs.reads.has(table)))
        .map((r) => `${r} no longer reads ${table}`),
    );
    expect(stale).toEqual([]);
  });

  it('recognises Drizzle and SQL references, and ignores prose', () => {
    const ids = new Map([
      ['ideas', 'ideas'],
      ['ideaLikes', 'idea_likes'],
      ['users', 'users'],
    ]);
    const names = new Set(ids.values());
    const refs = tableRefs(
      [
        "import { ideaLikes, ideas } from '../../db/schema/index.js';",
        '// updates users when a like lands',
        'await tx.insert(ideaLikes).values(v);',
        'await tx.select().from(ideas);',
        'sql`update users set follower_count = 1`;',
      ].join('\n'),
      ids,
      names,
    );
    expect([...refs.writes].sort()).toEqual(['idea_likes', 'users']);
    expect([...refs.reads].sort()).toEqual(['idea_likes', 'ideas', 'users']);
    expect(tableRefs('/* select from users */ const x = 1;', ids, names).reads.size).toBe(0);
  });
});
