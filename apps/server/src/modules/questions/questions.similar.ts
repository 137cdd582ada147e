// "Similar questions already asked" under the ask form's title: which of the full-text matches are
// worth showing. The database matches ANY typed word (as a prefix, in the title or the body), so
// one shared word made an unrelated question "similar"; this keeps only those whose title shares
// enough of the typed words, each question once.

/** Words that say nothing about the topic ("how do I …"): not counted either way. */
const FILLER = new Set(
  'about after again also and any are can could does doing done for from get getting has have how into its just more not now off one only our out should than that the their them then there these they this use using was way what when where which who why will with without would you your'.split(
    ' ',
  ),
);

/** Share of the typed topic words a suggestion's title must contain (at least one word, always). */
export const SIMILAR_MIN_SCORE = 0.5;

function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 2 && !FILLER.has(w));
}

/** The same word for a reader: one a prefix of the other (typing, plurals), or a shared stem of 5+. */
function sameWord(a: string, b: string): boolean {
  if (a.startsWith(b) || b.startsWith(a)) return Math.min(a.length, b.length) >= 3;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i >= 5;
}

/** 0..1: the share of the typed topic words that appear in `title`; 0 when none were typed. */
export function similarityScore(typed: string, title: string): number {
  const want = [...new Set(words(typed))];
  if (want.length === 0) return 0;
  const have = words(title);
  const found = want.filter((w) => have.some((h) => sameWord(w, h))).length;
  return found / want.length;
}

/**
 * The suggestions to show, in the given (best match first) order: each question once (by id, and
 * by title — the same question posted twice reads as one), only those scoring at least
 * SIMILAR_MIN_SCORE, at most `limit`.
 */
export function pickSimilar<T extends { id: string; title: string }>(
  typed: string,
  rows: T[],
  limit: number,
): T[] {
  const ids = new Set<string>();
  const titles = new Set<string>();
  const out: T[] = [];
  for (const r of rows) {
    const title = r.title.trim().toLowerCase().replace(/\s+/g, ' ');
    if (ids.has(r.id) || titles.has(title)) continue;
    if (similarityScore(typed, r.title) < SIMILAR_MIN_SCORE) continue;
    ids.add(r.id);
    titles.add(title);
    out.push(r);
    if (out.length >= limit) break;
  }
  return out;
}
