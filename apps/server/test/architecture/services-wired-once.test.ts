import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Services are wired once (ARCHITECTURE.md, "Services are built once"): each `create…Service`
 * factory is called from one place in the shipped source, so an app holds one instance of each.
 * A service more than one place needs is built in modules/services.ts and handed to its users; a
 * background task builds nothing per run. Checked on the source text; tests may build services
 * themselves.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : walk(p);
    return p.endsWith('.ts') ? [p] : [];
  });
}

const rel = (f: string) => path.relative(SRC, f).split(path.sep).join('/');
/** Comments name factories in prose; only code counts. */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|\s)\/\/.*$/gm, '$1');

const files = walk(SRC)
  .filter((f) => !/\.(test|fixtures)\.ts$/.test(f))
  .map((f) => ({ abs: f, file: rel(f), code: withoutComments(readFileSync(f, 'utf8')) }));

/** name → the file it is imported from (resolved, .ts), for one file's value imports. */
function importedFrom(abs: string, code: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /(?:^|\n)\s*import\s+(?!type\s)\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g;
  for (const m of code.matchAll(re)) {
    const target = path.resolve(path.dirname(abs), m[2]!.replace(/\.js$/, '.ts'));
    const resolved = existsSync(target) ? rel(target) : m[2]!;
    for (const part of m[1]!.split(',')) {
      const name = part.trim();
      if (!name || name.startsWith('type ')) continue;
      const [imported, local] = name.split(/\s+as\s+/);
      out.set((local ?? imported)!.trim(), resolved);
    }
  }
  return out;
}

const lineOf = (code: string, index: number) => code.slice(0, index).split('\n').length;

/**
 * Every place a service factory is built: a call `createXService(…)`, or the factory handed to
 * `perContext(createXService)`. Keyed by the file that defines it (two areas may use one name).
 */
function buildSites(): Map<string, string[]> {
  const sites = new Map<string, string[]>();
  for (const { abs, file, code } of files) {
    const imports = importedFrom(abs, code);
    const uses =
      /(?<![\w.])(?:(?<!function\s+)(create[A-Z]\w*Service)\s*\(|perContext\(\s*(create[A-Z]\w*Service)\s*\))/g;
    for (const m of code.matchAll(uses)) {
      const name = (m[1] ?? m[2])!;
      const key = `${imports.get(name) ?? file}#${name}`;
      sites.set(key, [...(sites.get(key) ?? []), `${file}:${lineOf(code, m.index)}`]);
    }
  }
  return sites;
}

/** The text of each `handler:` of a task module: its arrow function's body. */
function handlerBodies(code: string): string[] {
  const bodies: string[] = [];
  for (const m of code.matchAll(/\bhandler\s*:/g)) {
    const arrow = code.indexOf('=>', m.index);
    let i = arrow + 2;
    while (/\s/.test(code[i]!)) i++;
    if (code[i] !== '{') {
      bodies.push(code.slice(i, code.indexOf('\n', i)));
      continue;
    }
    let depth = 0;
    const start = i;
    for (; i < code.length; i++) {
      if (code[i] === '{') depth++;
      else if (code[i] === '}' && --depth === 0) break;
    }
    bodies.push(code.slice(start, i + 1));
  }
  return bodies;
}

describe('services are wired once', () => {
  const sites = buildSites();

  it('finds the factories it checks', () => {
    expect(sites.size).toBeGreaterThan(30);
    expect(sites.get('modules/payments/payments.service.ts#createPaymentsService')).toEqual([
      expect.stringMatching(/^modules\/services\.ts:/),
    ]);
  });

  it('builds each service in one place only', () => {
    const twice = [...sites]
      .filter(([, where]) => where.length > 1)
      .map(([key, where]) => `${key.split('#')[1]} built in ${where.join(', ')}`);
    expect(twice).toEqual([]);
  });

  it('builds no service in a background task handler (once per context, not per run)', () => {
    const tasks = files.filter((f) => /\.tasks\.ts$/.test(f.file));
    expect(tasks.length).toBeGreaterThan(3);
    const perRun = tasks.flatMap(({ file, code }) =>
      handlerBodies(code)
        .filter((body) => /(?<![\w.])create[A-Z]\w*\s*\(/.test(body))
        .map((body) => `${file}: ${body.replace(/\s+/g, ' ').slice(0, 120)}`),
    );
    expect(perRun).toEqual([]);
  });
});
