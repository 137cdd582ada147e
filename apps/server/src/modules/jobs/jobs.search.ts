import { PLACE_ALIASES } from '@agora/shared';

/**
 * How the listing (GET /api/jobs) reads a search's words and place, shared with the job alerts so
 * that an alert finds exactly what the same search finds.
 */

/**
 * The search box → a to_tsquery expression: every word must match, each as a prefix
 * ("develop" finds "developer"), stemmed by the english configuration. Operators and quotes
 * are stripped, so user input can never break the query syntax.
 */
export function toPrefixTsquery(input: string | undefined): string | null {
  if (!input) return null;
  const terms = input
    .normalize('NFKC')
    .split(/\s+/)
    .map((t) =>
      t
        .replace(/[^\p{L}\p{N}.+#_@-]/gu, '')
        .replace(/^[.+#_@-]+/, '')
        .replace(/[._@-]+$/, '')
        .slice(0, 50),
    )
    .filter(Boolean)
    .slice(0, 8);
  // A one-letter word ("C++" and "C#" are the letter c to the english parser) is matched whole:
  // as a prefix it would match every word starting with that letter.
  const short = (t: string) => t.replace(/[^\p{L}\p{N}]/gu, '').length < 2;
  return terms.length ? terms.map((t) => (short(t) ? `'${t}'` : `'${t}':*`)).join(' & ') : null;
}

/** "Bengaluru, Karnataka" → the first part and its aliases, lower-case. */
export function locationTerms(input: string | undefined): { locations: string[]; remote: boolean } {
  const first = (input ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase().replace(/\s+/g, ' '))
    .find(Boolean);
  if (!first) return { locations: [], remote: false };
  const group = PLACE_ALIASES.find((g) => g.includes(first));
  return { locations: group ? [...group] : [first], remote: first === 'remote' };
}
