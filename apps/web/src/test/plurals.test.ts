import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Counts shown to people read "1 participant", "2 participants" (plural() from packages/shared),
// never "1 participants" or "answer(s)". This reads the screens' source for the two slips.
const NOUNS = 'participant|answer|answerer|like|comment|view|follower|job|submission|question|idea';
const FIXED_PLURAL = new RegExp(`\\{[^{}]*(?:Count|count|length|total|Total)\\}\\s*(?:${NOUNS})s\\b`);
const PAREN_S = new RegExp(`\\b(?:${NOUNS})\\(s\\)`);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('counts are pluralised', () => {
  it('no screen writes a count with a fixed plural noun or "(s)"', () => {
    const root = join(__dirname, '..');
    const slips = sources(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          FIXED_PLURAL.test(line) || PAREN_S.test(line)
            ? [`${file.slice(root.length + 1)}:${i + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(slips).toEqual([]);
  });
});
