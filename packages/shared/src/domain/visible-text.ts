/**
 * Text that a person can see. `trim()` removes spaces but not zero-width spaces,
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

/**
 * The name as the eye reads it: compatibility forms folded (NFKC: full-width "Ａｄｍｉｎ" is "Admin"),
 * case folded (upper then lower, so "ß" and "ſ" fold like "ss" and "s"), then accents, controls and
 * separators gone.
 */
export function nameSkeleton(name: string): string {
  const folded = name
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}\p{Cc}]/gu, ''); // accents, zero-width and bidi controls
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

/**
 * Characters a name shown to others may not carry. None of them is seen, and some change what is
 * around them: bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) reorder the
 * letters ("\u202erotartsinimdA" is drawn as "Administrator"), zero-width characters (U+200B–U+200D,
 * U+2060, U+FEFF) split a word the eye reads whole. Also refused: every other format character
 * (\p{Cf}: soft hyphen, invisible operators, tags), control characters, line and paragraph separators,
 * private-use and lone surrogate code points, and letters that draw as nothing (Hangul fillers,
 * the Braille blank, the combining grapheme joiner, Khmer inherent vowels, Mongolian selectors).
 * Variation selectors stay: they only choose how an emoji is drawn. So does a zero-width joiner
 * between two emoji ("👩‍💻" is woman + ZWJ + laptop): there it draws one picture and can hide no
 * letter; anywhere else it is refused like the other zero-width characters.
 */
const HIDDEN_IN_NAMES =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u115f\u1160\u2800\u3164\uffa0]|\u034f|\u17b4|\u17b5|\u180b|\u180c|\u180d|\u180f/u;
const HIDDEN_IN_NAMES_ALL = new RegExp(HIDDEN_IN_NAMES.source, 'gu');
// No look-behind: older Safari cannot even parse it, and this module is in the web bundle.
const EMOJI_JOINER =
  /([\p{Extended_Pictographic}\p{Emoji_Modifier}]\ufe0f?)\u200d(?=\p{Extended_Pictographic})/gu;

/** True when the name carries a character that is invisible or reorders the text around it. */
export function hasHiddenCharacters(name: string): boolean {
  return HIDDEN_IN_NAMES.test(name.replace(EMOJI_JOINER, '$1'));
}

/** The messages of the name rule (sign-up, profile, and every other name shown to others). */
export const NAME_TEXT = {
  reserved: 'This name is reserved. Please choose another one.',
  hidden:
    'Names cannot contain invisible or text-direction characters. Please type the name as it should appear.',
} as const;

/**
 * The one rule for a name shown to others (display names, organisers, teams, companies): null
 * when it may be used, else the message saying why not. A name that would pass for the staff is
 * "reserved" even when it also hides characters ("\u202eAdministrator"): that is the real problem.
 */
export function nameProblem(name: string): string | null {
  if (isReservedName(name)) return NAME_TEXT.reserved;
  if (hasHiddenCharacters(name)) return NAME_TEXT.hidden;
  return null;
}

/** The name without its hidden characters, runs of white space as one space, trimmed. */
export function stripHiddenCharacters(name: string): string {
  const keep = '\u{10FFFF}'; // a noncharacter, absent from real text: holds an emoji's joiner aside
  return name
    .replace(EMOJI_JOINER, `$1${keep}`)
    .replace(HIDDEN_IN_NAMES_ALL, '')
    .replaceAll(keep, '\u200d')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** What a new account is called when no offered name may be used. */
export const FALLBACK_DISPLAY_NAME = 'Agora user';

/**
 * A usable name from names offered by someone else (e.g. Google's profile), in order of
 * preference: each has its hidden characters removed and is cut to `max`; the first that is then
 * visible and not reserved wins, else FALLBACK_DISPLAY_NAME.
 */
export function usableName(offered: Array<string | null | undefined>, max: number): string {
  for (const raw of offered) {
    let name = '';
    // Cut by whole characters, never between the halves of a surrogate pair.
    for (const ch of stripHiddenCharacters(raw ?? '')) {
      if (name.length + ch.length > max) break;
      name += ch;
    }
    name = name.trim();
    if (name && hasVisibleText(name) && nameProblem(name) === null) return name;
  }
  return FALLBACK_DISPLAY_NAME;
}
