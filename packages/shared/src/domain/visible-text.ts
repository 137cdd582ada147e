/**
 * Text that a person can see (issue 19 §6). `trim()` removes spaces but not zero-width spaces,
 * joiners, bidi controls or a lone combining mark, so "\u200b\u200b" passed as a title. A field
 * that must be filled needs at least one letter, digit, punctuation mark or symbol.
 */
export function hasVisibleText(s: string): boolean {
  return /[\p{L}\p{N}\p{P}\p{S}]/u.test(s);
}

/** Display names nobody may take: they would pass for the site's staff. */
export const RESERVED_NAMES = [
  'admin',
  'administrator',
  'moderator',
  'mod',
  'support',
  'agora',
  'staff',
  'system',
  'root',
] as const;

// Letters that look like Latin ones (Cyrillic, Greek, IPA, digits and signs used as letters).
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ɡ: 'g',
  ո: 'n',
  ս: 'u',
  ӏ: 'l',
  ԛ: 'q',
  ԝ: 'w',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  μ: 'u',
  ı: 'i',
  ɩ: 'i',
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
};

/** The name as the eye reads it: compatibility forms folded, accents, controls and separators gone. */
export function nameSkeleton(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}\p{Cc}]/gu, '') // accents, zero-width and bidi controls
    .toLowerCase();
  let out = '';
  for (const ch of folded) out += LOOK_ALIKES[ch] ?? ch;
  // "l" and "i" look alike in many fonts: compare them as one letter.
  return out.replace(/[^a-z]/g, '').replace(/l/g, 'i');
}

const RESERVED_SKELETONS = new Set<string>(
  RESERVED_NAMES.flatMap((n) => {
    const s = nameSkeleton(n);
    const agora = nameSkeleton('agora');
    return [s, `${agora}${s}`, `${s}${agora}`, `${s}team`, `the${s}`];
  }),
);

/** True for "Administrator", "\u202eAdministrator", "Аdmin" (Cyrillic А), "Ag0ra Support"… */
export function isReservedName(name: string): boolean {
  return RESERVED_SKELETONS.has(nameSkeleton(name));
}
