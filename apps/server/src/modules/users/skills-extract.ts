import { SKILL_SYNONYMS, skillKey } from '@agora/shared';

/** A skill of the jobs' vocabulary: its key and the spelling jobs use for it. */
export interface KnownSkill {
  key: string;
  skill: string;
}

/**
 * The skill vocabulary profiles suggest from and résumés are read against. The Jobs Hub owns it
 * (the skills approved jobs ask for); the app wires it in, so this area does not import jobs, which
 * reads profiles for its matches.
 */
export interface SkillVocabulary {
  /** Skills whose spelling (or key) starts with `q`, most used first. */
  suggest(q: string, limit: number): Promise<KnownSkill[]>;
  /** Every known skill: what a résumé's text is matched against. */
  all(): Promise<KnownSkill[]>;
}

/** At most this many skills are inferred from one résumé. */
export const MAX_INFERRED_SKILLS = 100;
/** Longest run of words a skill is looked for in ("google cloud platform"). */
const MAX_WORDS = 4;

/** Characters that open or close a word without being part of it: brackets, quotes, list bullets. */
const LEADING = /^[([{"'“‘«•·*–—-]+/u;
const TRAILING = /[)\]}"'”’»,;:!?]+$/u;
/** Between words: spaces, and punctuation across which words are never one skill (a list, a parenthesis). */
const SPLIT = /(\s+|[|•·,;()[\]{}]+)/u;
const PUNCTUATION = /^[|•·,;()[\]{}]+$/u;

/**
 * Terms to look for, lower case → skill key: every key the jobs use, and each synonym of one
 * (so a résumé's "k8s" finds the jobs' "Kubernetes"). A synonym whose target no job asks for is
 * not looked for: what is inferred is what jobs can match.
 */
function termsOf(vocabulary: readonly KnownSkill[]): Map<string, string> {
  const terms = new Map<string, string>();
  for (const { key } of vocabulary) terms.set(key, key);
  for (const [alias, target] of Object.entries(SKILL_SYNONYMS)) {
    if (terms.has(target) && !terms.has(alias)) terms.set(alias, target);
  }
  return terms;
}

/**
 * One- and two-letter terms ("Go", "R", "C", "JS", "AI") are also ordinary words or letters, so
 * they count only when written with a capital first letter: "Go and R" is found, "go to" is not.
 */
function shortTermAccepted(term: string, written: string): boolean {
  if (term.length > 2 || !/^[a-z]+$/.test(term)) return true;
  return /^\p{Lu}/u.test(written);
}

interface Word {
  /** As written, without surrounding brackets, quotes or sentence punctuation. */
  text: string;
  /** A sentence or list item ends after this word: no skill spans past it. */
  ends: boolean;
}

function wordsOf(text: string): Word[] {
  const out: Word[] = [];
  const endRun = () => {
    if (out.length > 0) out[out.length - 1]!.ends = true;
  };
  for (const piece of text.split(SPLIT)) {
    if (!piece || /^\s+$/u.test(piece)) continue;
    if (PUNCTUATION.test(piece)) {
      endRun();
      continue;
    }
    const w = piece.replace(LEADING, '');
    const trailing = w.match(TRAILING)?.[0] ?? '';
    const word = w.slice(0, w.length - trailing.length);
    if (!word.replace(/\.+$/, '')) {
      endRun();
      continue;
    }
    // A full stop ends a sentence ("I use Go."); lookUp tries the word with and without it,
    // so ".NET" and "Node.js" keep theirs.
    out.push({ text: word, ends: trailing !== '' || word.endsWith('.') });
  }
  return out;
}

function lookUp(terms: Map<string, string>, written: string): string | undefined {
  const candidates = [written, written.replace(/\.+$/, '')];
  for (const c of candidates) {
    const term = c.toLowerCase();
    const key = terms.get(term);
    if (key && shortTermAccepted(term, c)) return key;
  }
  return undefined;
}

/**
 * The skills of `vocabulary` that a résumé's text names, as the jobs spell them, each once (synonyms
 * folded: "JS" and "JavaScript" give one skill), in the order the text first names them.
 * Words are whole: "Java" is not found in "JavaScript", "C" not in "C++" or "R&D", and
 * "C/C++" names both.
 */
export function extractSkills(text: string, vocabulary: readonly KnownSkill[]): string[] {
  if (!text || vocabulary.length === 0) return [];
  const terms = termsOf(vocabulary);
  const spelling = new Map(vocabulary.map((v) => [v.key, v.skill]));
  const words = wordsOf(text.normalize('NFKC'));
  const found: string[] = [];
  const seen = new Set<string>();
  const add = (key: string | undefined) => {
    if (!key || seen.has(key)) return;
    seen.add(key);
    found.push(spelling.get(key) ?? key);
  };
  for (let i = 0; i < words.length && found.length < MAX_INFERRED_SKILLS; i++) {
    // Longest first: "Google Cloud Platform" is one skill, not "Google Cloud" and more.
    let matched = false;
    for (let n = MAX_WORDS; n >= 1 && !matched; n--) {
      if (i + n > words.length) continue;
      const span = words.slice(i, i + n);
      if (span.slice(0, -1).some((w) => w.ends)) continue;
      const key = lookUp(terms, span.map((w) => w.text).join(' '));
      if (key) {
        add(key);
        matched = true;
        i += n - 1;
      }
    }
    if (!matched && words[i]!.text.includes('/')) {
      for (const part of words[i]!.text.split('/')) if (part) add(lookUp(terms, part));
    }
  }
  return found.slice(0, MAX_INFERRED_SKILLS);
}

/** The same skill (by key) is in both lists: used to remove one inferred skill as the user names it. */
export function sameSkill(a: string, b: string): boolean {
  return skillKey(a) === skillKey(b);
}
