/**
 * spec 03 §5: skills come from a comma-separated input, trimmed, empties dropped (and repeats,
 * ignoring case). Kept apart from the zod schemas so a page can use it without loading zod.
 */
export function splitSkills(input: string | readonly string[] | null | undefined): string[] {
  const parts = Array.isArray(input)
    ? input.flatMap((s) => String(s).split(','))
    : String(input ?? '').split(',');
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of parts) {
    const s = raw.trim().replace(/\s+/g, ' ');
    if (!s || seen.has(s.toLowerCase())) continue;
    seen.add(s.toLowerCase());
    out.push(s);
  }
  return out;
}
