import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web's area boundaries, checked on the source as text: one sign-in guard, one money
 * formatter, one settings module, one way to stub the network, writes only in api/ folders (as
 * mutations, no busy flags of their own), every import declared.
 */
const SRC = join(import.meta.dirname, '..');
const WEB = join(SRC, '..');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}
const files = walk(SRC).map((abs) => ({ path: relative(SRC, abs), text: readFileSync(abs, 'utf8') }));
const isTest = (p: string) => /\.test\.tsx?$/.test(p);
const THIS_FILE = 'test/architecture.test.ts';
const source = files.filter((f) => !isTest(f.path));
const tests = files.filter((f) => isTest(f.path) && f.path !== THIS_FILE);

/** Each `useEffect(…)` call's text (parentheses matched). */
function effects(text: string): string[] {
  const out: string[] = [];
  for (let i = text.indexOf('useEffect('); i >= 0; i = text.indexOf('useEffect(', i + 1)) {
    let depth = 0;
    let j = i + 'useEffect'.length;
    for (; j < text.length; j++) {
      if (text[j] === '(') depth++;
      else if (text[j] === ')' && --depth === 0) break;
    }
    out.push(text.slice(i, j + 1));
  }
  return out;
}

/** Each call's text starting at `opening` (which ends with its "("), parentheses matched. */
function calls(text: string, opening: string): string[] {
  const out: string[] = [];
  for (let i = text.indexOf(opening); i >= 0; i = text.indexOf(opening, i + 1)) {
    let depth = 0;
    let j = i + opening.length - 1;
    for (; j < text.length; j++) {
      if (text[j] === '(') depth++;
      else if (text[j] === ')' && --depth === 0) break;
    }
    out.push(text.slice(i, j + 1));
  }
  return out;
}

/** Lines of `list` matching `re`, as "path:line: text". */
function offenders(list: typeof files, re: RegExp): string[] {
  return list.flatMap((f) =>
    f.text
      .split('\n')
      .map((line, i) => (re.test(line) ? `${f.path}:${i + 1}: ${line.trim()}` : null))
      .filter((x): x is string => x !== null),
  );
}

describe('web architecture', () => {
  it('sees the source', () => {
    expect(source.length).toBeGreaterThan(100);
    expect(tests.length).toBeGreaterThan(20);
  });

  it('pages leave the redirect to /login to the router’s RequireAuth', () => {
    const pages = source.filter((f) => /^features\/[^/]+\/pages\//.test(f.path));
    const bad = pages.flatMap((f) =>
      effects(f.text)
        .filter((e) => /['"`]\/login/.test(e))
        .map(() => f.path),
    );
    // The admin portal is its own layout (visitors → /login, others "Not allowed"), not a page's effect.
    const navigates = pages
      .filter((f) => f.path !== 'features/admin/pages/admin-layout.tsx')
      .filter((f) => /<Navigate\s+to=["'{`]+\/login/.test(f.text))
      .map((f) => f.path);
    expect([...bad, ...navigates]).toEqual([]);
  });

  it('formats rupees only in lib/money.ts', () => {
    const others = source.filter((f) => f.path !== 'lib/money.ts');
    expect([
      ...offenders(others, /₹\$?\{/),
      ...offenders(others, /₹.*(toFixed|toLocaleString)|(toFixed|toLocaleString).*₹/),
      ...offenders(others, /Intl\.NumberFormat|currency:\s*['"]INR/),
    ]).toEqual([]);
  });

  it('shows error toasts only through lib/toasts.ts (showError / showErrorToast)', () => {
    // A call may span lines: each `notifications.show(…)` call's text, parentheses matched.
    const shows = (text: string) => calls(text, 'notifications.show(');
    const bad = source
      .filter((f) => f.path !== 'lib/toasts.ts')
      .flatMap((f) =>
        shows(f.text)
          .filter((c) => /color:\s*['"`]red['"`]/.test(c))
          .map(() => f.path),
      );
    expect(bad).toEqual([]);
    // Sanity: the rule sees the helper's own toast.
    expect(shows(source.find((f) => f.path === 'lib/toasts.ts')!.text).length).toBe(1);
  });

  it('invalidates the cache only in a feature’s api/ folder or lib/ (components and pages call hooks)', () => {
    const home = (p: string) => /^features\/[^/]+\/api\//.test(p) || p.startsWith('lib/');
    expect(
      offenders(
        source.filter((f) => !home(f.path)),
        /\b(invalidateQueries|refetchQueries|resetQueries)\(/,
      ),
    ).toEqual([]);
  });

  it("writes a feature's query keys through its api/keys.ts factory, never as literal arrays", () => {
    const withKeys = new Set(
      files.map((f) => /^features\/([^/]+)\/api\/keys\.ts$/.exec(f.path)?.[1]).filter((x) => x !== undefined),
    );
    const others = source.filter((f) => {
      const feature = /^features\/([^/]+)\//.exec(f.path)?.[1];
      return feature !== undefined && withKeys.has(feature) && !f.path.endsWith('/api/keys.ts');
    });
    expect(offenders(others, /(queryKey:\s*|(Query|Queries)(Data)?\(\s*)\[\s*['"`]/)).toEqual([]);
  });

  it('owns the settings query keys and reads in lib/settings.ts', () => {
    const others = files.filter((f) => f.path !== 'lib/settings.ts' && f.path !== THIS_FILE);
    expect([
      ...offenders(others, /['"]min-reward['"]/),
      ...offenders(others, /\[\s*['"]settings['"]/),
      ...offenders(
        others.filter((f) => !isTest(f.path)),
        /['"`]\/api\/settings\//,
      ),
    ]).toEqual([]);
  });

  it('stubs the network in tests only through msw (src/test/server.ts)', () => {
    expect([
      // Whole files: a call may span lines.
      ...tests.filter((f) => /stubGlobal\(\s*['"]fetch['"]/.test(f.text)).map((f) => f.path),
      ...offenders(tests, /spyOn\(\s*(globalThis|window|global)\s*,\s*['"]fetch['"]/),
      ...offenders(tests, /(globalThis|window|global)\.fetch\s*=/),
      ...offenders(tests, /vi\.mock\(\s*['"][^'"]*(\/api\/|api-client)/),
      ...offenders(source, /stubGlobal\(\s*['"]fetch['"]/),
    ]).toEqual([]);
  });

  it('sends writes only from a feature’s api/ folder or lib/ (components and pages use mutations)', () => {
    const home = (p: string) => /^features\/[^/]+\/api\//.test(p) || p.startsWith('lib/');
    const WRITE = /method:\s*['"`](POST|PUT|PATCH|DELETE)['"`]/i;
    const RAW = /\bfetch\(|new XMLHttpRequest|\bsendBeacon\(|\buploadWithProgress\(/;
    // Sanity: the rule sees the writes where they belong.
    expect(
      offenders(
        source.filter((f) => home(f.path)),
        WRITE,
      ).length,
    ).toBeGreaterThan(20);
    const elsewhere = source.filter((f) => !home(f.path));
    expect([...offenders(elsewhere, WRITE), ...offenders(elsewhere, RAW)]).toEqual([]);
  });

  it('keeps no hand-rolled busy flag around a write (a mutation’s isPending is the flag)', () => {
    expect(
      offenders(
        source,
        /\[\s*(busy|saving|submitting|deleting|posting|sending|staying)\s*,\s*set\w+\s*\]\s*=\s*useState(<boolean>)?\(\s*(false|true)/,
      ),
    ).toEqual([]);
  });

  it('keeps form fields in @mantine/form, not in a row of useState<string> (at most two per component)', () => {
    // A search box or a dialog's one text is not a form; three string states are. The count is a
    // cheap textual one: `useState<string>(…)`, `useState('')`, `useState("")`.
    const EXCEPTIONS = new Set<string>([]);
    const strings = /useState<string>\(|useState\(\s*(''|"")\s*\)/g;
    const bad = source
      .filter((f) => /^features\/[^/]+\/components\//.test(f.path) && !EXCEPTIONS.has(f.path))
      .map((f) => ({ path: f.path, n: f.text.match(strings)?.length ?? 0 }))
      .filter((f) => f.n > 2)
      .map((f) => `${f.path}: ${f.n} string states`);
    expect(bad).toEqual([]);
  });

  it('styles components through Mantine style props and CSS modules, inline only for run-time values', () => {
    // Each entry is a value known only at run time (a colour from data, a dragged width), handed
    // to the stylesheet as a variable or left inline. The list only shrinks: a file that drops its
    // inline style leaves it, and none joins.
    const DYNAMIC = new Map<string, number>([
      ['features/hackathons/components/hackathon-image.tsx', 1],
      ['features/pages/components/info-hero.tsx', 1],
      ['features/pages/pages/landing-page.tsx', 1],
      ['features/questions/components/resizable-split.tsx', 1],
    ]);
    const found = new Map(
      source
        .filter((f) => f.path.endsWith('.tsx'))
        .map((f) => [f.path, f.text.match(/\bstyle=\{/g)?.length ?? 0] as const)
        .filter(([, n]) => n > 0),
    );
    expect(Object.fromEntries(found)).toEqual(Object.fromEntries(DYNAMIC));
  });

  it('declares every package it imports', () => {
    const pkg = JSON.parse(readFileSync(join(WEB, 'package.json'), 'utf8'));
    const root = JSON.parse(readFileSync(join(WEB, '..', '..', 'package.json'), 'utf8'));
    const declared = new Set([
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.devDependencies ?? {}),
      ...Object.keys(root.devDependencies ?? {}),
    ]);
    const used = new Set<string>();
    for (const f of files) {
      for (const m of f.text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"./][^'"]*)['"]/g)) {
        const spec = m[1]!;
        if (spec.startsWith('node:')) continue;
        used.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
      }
    }
    expect([...used].filter((p) => !declared.has(p)).sort()).toEqual([]);
  });
});
