/**
 * Who may import whom, read from one dependency-cruiser run over apps/server/src:
 * - the rules of .dependency-cruiser.cjs (file cycles, another area's repo, SQL outside repos,
 *   nothing importing admin);
 * - what a rule there cannot say: an area may not import another area's data-access files (any file
 *   that imports drizzle-orm or db/schema, whatever its name), and areas may not import each other in
 *   a cycle. Another area's tables are reached through its services, never its queries (the only
 *   exception is the ledger, below).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Data-access files other areas may import on purpose: every wallet change goes through the one
 * ledger module (ARCHITECTURE.md, "Wallet changes"), inside the caller's transaction.
 */
const PUBLIC_DATA_ACCESS = new Set(['wallet/ledger.ts']);

let result: ICruiseResult;

beforeAll(async () => {
  process.chdir(root);
  const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'));
  const tsConfig = extractTSConfig(path.join(root, 'tsconfig.base.json'));
  const out = await cruise(['apps/server/src'], options, undefined, { tsConfig });
  result = out.output as ICruiseResult;
}, 180_000);

const areaOf = (file: string) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
const short = (file: string) => file.replace('apps/server/src/modules/', '');
const testOnly = (file: string) => /\.(test|fixtures)\.ts$/.test(file);

/** Non-type-only imports between two areas, from files that ship. */
function areaEdges(): Array<{ from: string; to: string; fromArea: string; toArea: string }> {
  return result.modules.flatMap((m) => {
    const fromArea = areaOf(m.source);
    if (!fromArea || testOnly(m.source)) return [];
    return m.dependencies
      .filter((d) => !d.dependencyTypes.includes('type-only'))
      .flatMap((d) => {
        const toArea = areaOf(d.resolved);
        return toArea && toArea !== fromArea ? [{ from: m.source, to: d.resolved, fromArea, toArea }] : [];
      });
  });
}

describe('imports between areas', () => {
  it('cruises the server source', () => {
    expect(result.summary.totalCruised).toBeGreaterThan(200);
    expect(result.modules.some((m) => m.source.endsWith('modules/ideas/ideas.repo.ts'))).toBe(true);
  });

  it('breaks none of the rules in .dependency-cruiser.cjs', () => {
    const violations = result.summary.violations.map(
      (v) =>
        `${v.rule.name}: ${v.from} -> ${v.to}${v.cycle ? ` (cycle ${v.cycle.map((c) => c.name).join(' -> ')})` : ''}`,
    );
    expect(violations).toEqual([]);
    expect(result.summary.ruleSetUsed?.forbidden?.map((r) => r.name)).toEqual(
      expect.arrayContaining(['no-circular', 'no-other-areas-repo', 'services-routes-policies-without-sql']),
    );
  });

  it("imports no other area's data-access file (the ledger aside)", () => {
    const dataAccess = new Set(
      result.modules
        .filter((m) =>
          m.dependencies.some((d) => /(^|\/)node_modules\/drizzle-orm\/|\/db\/schema\//.test(d.resolved)),
        )
        .map((m) => m.source),
    );
    const found = [
      ...new Set(
        areaEdges()
          .filter((e) => dataAccess.has(e.to) && !PUBLIC_DATA_ACCESS.has(short(e.to)))
          .map((e) => `${short(e.from)} -> ${short(e.to)}`),
      ),
    ].sort();
    expect(found).toEqual([]);
  });

  it('has no cycle between areas: where two areas need each other, the app wires a port (context.ts)', () => {
    const graph = new Map<string, Set<string>>();
    for (const e of areaEdges()) {
      if (!graph.has(e.fromArea)) graph.set(e.fromArea, new Set());
      graph.get(e.fromArea)!.add(e.toArea);
    }
    const reaches = (from: string, to: string) => {
      const seen = new Set([from]);
      const stack = [from];
      while (stack.length) {
        for (const next of graph.get(stack.pop()!) ?? []) {
          if (next === to) return true;
          if (!seen.has(next)) {
            seen.add(next);
            stack.push(next);
          }
        }
      }
      return false;
    };
    // An edge a -> b is on a cycle when b reaches a.
    const cycles = [...graph].flatMap(([a, bs]) =>
      [...bs].filter((b) => reaches(b, a)).map((b) => `${a} -> ${b}`),
    );
    expect(cycles).toEqual([]);
  });
});
