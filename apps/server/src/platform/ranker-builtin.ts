import type { RankInput, RankInputAnswer, Ranker, RankScore } from './ranker.js';
import { CONCEPT_GROUPS } from './ranker-concepts.js';
import { isStopWord, stem, words } from './ranker-text.js';

// BM25 parameters (the usual defaults).
const K1 = 1.2;
const B = 0.75;
/** Pseudo-documents added to the answer set so terms shared by every answer still count a little. */
const IDF_SMOOTHING_DOCS = 2;
/** A word of the question's concept met through another word of its group counts this much of a match. */
const CONCEPT_MATCH = 0.7;
/** Pseudo-words added to an answer's own words when measuring its focus, so a two-word reply is not "all on topic". */
const FOCUS_PRIOR = 3;
const CONCEPT_WORD_WEIGHT = 1.5;
/** Relevance = BM25 within the answer set, coverage of the question's words, focus of the answer's words. */
const REL_W = { bm25: 0.3, coverage: 0.2, focus: 0.3, concepts: 0.2 };
const BRIEF_OK_RELEVANCE = 0.35;
const BRIEF_LENGTH_FLOOR = 1;

const TECH_HINTS =
  /\b(code|error|function|api|sql|query|python|javascript|java|typescript|react|node|css|html|server|database|bug|script|compile|exception|git|docker|linux|excel|formula|regex|json|array|loop|install|config|command)\b/i;

const LOW_EFFORT = [
  /\bgoogle it\b/i,
  /\bjust (google|search)\b/i,
  /\b(idk|dunno)\b/i,
  /\bno idea\b/i,
  /\bsame (question|problem|here)\b/i,
  /\bme too\b/i,
  /^\s*(\+1|bump|following|thanks?( you)?|ok|nice|great question)[.!]*\s*$/i,
  /\bsearch (on )?(youtube|the internet|online)\b/i,
  /\bask (chatgpt|your teacher|someone else)\b/i,
  /\bnot sure (what|why) you('re| are) asking\b/i,
];
const SPAM = [
  /\b(dm|message|whatsapp|telegram|call) me\b/i,
  /\bcontact me (on|at|via)\b/i,
  /\b(visit|check out|subscribe to) my (website|site|channel|page|blog|course)\b/i,
  /\buse (my )?(promo|coupon|referral) code\b/i,
  /\b(buy|order) now\b/i,
  /\bguaranteed (results|income|returns)\b/i,
  /\bearn \$?\d+.{0,20}(per|a) (day|week)\b/i,
];
const HEDGES = [
  /\bi think maybe\b/i,
  /\bnot (100% )?sure\b/i,
  /\bmight be wrong\b/i,
  /\bi guess\b/i,
  /\bprobably\b/i,
];
const REASONING =
  /\b(because|since|therefore|so that|this means|which means|the reason|as a result|otherwise|instead)\b/gi;
const EXAMPLES = /\b(for example|for instance|e\.g\.|such as|example:)/gi;
const STEPS = /\b(first|second|third|then|next|finally|step \d)\b/gi;

/** One content word of a text: its stemmed term, and the word as written (for reasons). */
interface Token {
  term: string;
  surface: string;
  /** A part of a split identifier (useEffect → effect): counts for matching, not as a word of its own. */
  part?: boolean;
}

// Long answers repeat their words; stemming each distinct word once keeps ranking 100 long answers
// cheap. Bounded so odd input cannot grow it without limit.
const STEM_CACHE = new Map<string, string>();
const STEM_CACHE_MAX = 50_000;
function stemmed(word: string): string {
  let t = STEM_CACHE.get(word);
  if (t === undefined) {
    t = stem(word);
    if (STEM_CACHE.size >= STEM_CACHE_MAX) STEM_CACHE.clear();
    STEM_CACHE.set(word, t);
  }
  return t;
}

/**
 * Content words with their written form. Identifiers are kept whole and also split (useEffect → use,
 * effect; clearTimeout → clear, timeout), thousands separators dropped (1,000 → 1000), `%` read as
 * "percent" and regex classes as words (\d → digit), so code and formulas meet the question's words.
 */
export function tokensOf(text: string): Token[] {
  const prepared = text
    .replace(/c\+\+/gi, 'cplusplus')
    .replace(/c#/gi, 'csharp')
    .replace(/\.(js|ts|net)\b/gi, '$1')
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/%/g, ' percent ')
    .replace(/\\d/g, ' digit ')
    .replace(/\\s/g, ' whitespace ');
  const out: Token[] = [];
  for (const raw of prepared.match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? []) {
    const lower = raw.toLowerCase();
    if (!isStopWord(lower) && (lower.length >= 2 || /\d/.test(lower)))
      // Numbers are compared as written (the stemmer would turn 1000 into 100).
      out.push({ term: /^\d+$/.test(lower) ? lower : stemmed(lower), surface: raw });
    // lowerCamelCase is an identifier (setTimeout); PascalCase is as often a name (JavaScript, GitHub).
    if (/^[a-z][a-z0-9]*[A-Z]/.test(raw)) {
      for (const part of raw.split(/(?<=[a-z0-9])(?=[A-Z])/)) {
        const p = part.toLowerCase();
        if (p.length >= 2 && !isStopWord(p) && p !== lower)
          out.push({ term: stemmed(p), surface: raw, part: true });
      }
    }
  }
  // A code span that is a regular expression answers a question about patterns without saying "regex".
  for (const span of text.match(/`[^`\n]+`/g) ?? [])
    if (REGEX_LIKE.test(span)) {
      out.push({ term: stem('regex'), surface: 'a pattern' });
      break;
    }
  return out;
}

const REGEX_LIKE = /^`\^|\$`$|\\[dwsb]|\[[^\]\s]*-[^\]\s]*\]|\{\d+(,\d*)?\}/;

/** term → indexes of the concept groups it belongs to. */
const CONCEPTS: Map<string, number[]> = (() => {
  const m = new Map<string, number[]>();
  CONCEPT_GROUPS.forEach((g, i) => {
    for (const w of g.words) {
      const t = stem(w.toLowerCase());
      const list = m.get(t) ?? [];
      if (!list.includes(i)) list.push(i);
      m.set(t, list);
    }
  });
  return m;
})();
const groupsOf = (term: string) => CONCEPTS.get(term) ?? [];

/** What an answer shares with the question, for the reason line: a question word, and how it was met. */
export interface Match {
  /** The question's word as written. */
  topic: string;
  /** The answer's words that met it through a concept group (empty for the same word). */
  via: string[];
  weight: number;
}

export interface AnswerFeatures {
  relevance: number;
  coverage: number;
  bm25: number;
  length: number;
  structure: number;
  code: number;
  specificity: number;
  reasoning: number;
  attachments: number;
  track: number;
  lowEffort: number;
  spam: number;
  shouting: number;
  hedging: number;
  repetition: number;
  wordCount: number;
  /** Share of the answer's own words that belong to the question or its concepts (0–1). */
  focus: number;
  /** Share of the concept groups named by the title that the answer meets (0–1). */
  concepts: number;
  /** The answer meets a word of the title, directly or through its concept. */
  keyConcept: boolean;
  /** Short on-topic answers with code, a formula, a number or a technical term are not penalised for length. */
  precise: boolean;
  matches: Match[];
}

const clamp01 = (x: number) => Math.max(0, Math.min(1, x));

/** Length score: very short answers rarely help; very long ones are harder to use. */
function lengthScore(n: number): number {
  if (n < 5) return 0;
  if (n < 15) return 0.2 + ((n - 5) / 10) * 0.2;
  if (n < 40) return 0.4 + ((n - 15) / 25) * 0.4;
  if (n < 80) return 0.8 + ((n - 40) / 40) * 0.2;
  if (n <= 450) return 1;
  if (n <= 1200) return 1 - ((n - 450) / 750) * 0.25;
  return 0.7;
}

function structureScore(text: string): number {
  const lines = text.split('\n');
  const listItems = lines.filter((l) => /^\s*([-*•]|\d+[.)])\s+\S/.test(l)).length;
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim().length > 0).length;
  const headings = lines.filter((l) => /^\s*#{1,6}\s+\S/.test(l) || /^\s*\*\*[^*]+\*\*:?\s*$/.test(l)).length;
  const emphasis = (text.match(/\*\*[^*\n]+\*\*/g) ?? []).length;
  let s = 0;
  if (listItems >= 2) s += 0.5;
  else if (listItems === 1) s += 0.2;
  if (paragraphs >= 2) s += 0.3;
  if (headings >= 1) s += 0.1;
  if (emphasis >= 1) s += 0.1;
  return clamp01(s);
}

function countMatches(text: string, patterns: RegExp[]): number {
  return patterns.reduce((n, p) => n + (p.test(text) ? 1 : 0), 0);
}

interface QueryTerm {
  weight: number;
  surface: string;
  groups: number[];
  title: boolean;
}

function queryTerms(q: RankInput['question']): Map<string, QueryTerm> {
  const out = new Map<string, QueryTerm>();
  // Title words say what is asked; they count twice the description's.
  const add = (text: string, base: number) => {
    for (const t of tokensOf(text)) {
      // A word that names a known concept (debounce, index, margin) says more about the question
      // than an everyday word next to it.
      const groups = groupsOf(t.term);
      const weight = groups.length > 0 ? base * CONCEPT_WORD_WEIGHT : base;
      const prev = out.get(t.term);
      if (prev && prev.weight >= weight) continue;
      out.set(t.term, {
        weight,
        surface: prev?.surface ?? (t.part ? t.term : t.surface),
        groups,
        title: base === 2,
      });
    }
  };
  add(q.description, 1);
  add(q.title, 2);
  return out;
}

/** Features of every answer of one question (BM25 needs the whole answer set). */
export function answerFeatures(input: RankInput): AnswerFeatures[] {
  const query = queryTerms(input.question);
  const activeGroups = new Set<number>();
  for (const q of query.values()) for (const g of q.groups) activeGroups.add(g);
  // The concepts the title names are what is asked; an answer that meets none of them answers
  // something else, however many of the description's words it repeats.
  const titleGroups = new Set<number>();
  for (const q of query.values()) if (q.title) for (const g of q.groups) titleGroups.add(g);
  const toks = input.answers.map((a) => tokensOf(a.content));
  const docs = toks.map((ts) => ts.map((t) => t.term));
  // How often each question term is met in each answer: the same word counts 1, another word of one of
  // its concept groups CONCEPT_MATCH.
  const hits = toks.map((ts) => {
    const tf = new Map<string, number>();
    const via = new Map<string, string[]>();
    for (const t of ts) {
      if (query.has(t.term)) {
        tf.set(t.term, (tf.get(t.term) ?? 0) + 1);
        continue;
      }
      const groups = groupsOf(t.term).filter((g) => activeGroups.has(g));
      if (groups.length === 0) continue;
      for (const [qt, q] of query) {
        if (!q.groups.some((g) => groups.includes(g))) continue;
        tf.set(qt, (tf.get(qt) ?? 0) + CONCEPT_MATCH);
        const list = via.get(qt) ?? [];
        if (!list.includes(t.surface)) list.push(t.surface);
        via.set(qt, list);
      }
    }
    return { tf, via };
  });
  const n = docs.length;
  const avgdl = docs.reduce((s, d) => s + d.length, 0) / Math.max(1, n) || 1;
  const df = new Map<string, number>();
  for (const h of hits) for (const t of h.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const nIdf = n + IDF_SMOOTHING_DOCS;
  const idf = (t: string) => {
    const k = df.get(t) ?? 0;
    return Math.log(1 + (nIdf - k + 0.5) / (k + 0.5));
  };
  const totalWeight = Array.from(query.values()).reduce((s, q) => s + q.weight, 0) || 1;
  const technical =
    input.question.category === 'Technology' ||
    TECH_HINTS.test(`${input.question.title} ${input.question.description}`) ||
    input.question.description.includes('`');

  const raw = input.answers.map((a: RankInputAnswer, i) => {
    const doc = docs[i]!;
    const { tf, via } = hits[i]!;
    let bm25 = 0;
    let covered = 0;
    let keyConcept = false;
    const matches: Match[] = [];
    for (const [t, q] of query) {
      const f = tf.get(t) ?? 0;
      if (f === 0) continue;
      const direct = !via.has(t) || f >= 1;
      covered += q.weight * (direct && Number.isInteger(f) ? 1 : CONCEPT_MATCH);
      bm25 += q.weight * idf(t) * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * doc.length) / avgdl)));
      if (q.title) keyConcept = true;
      matches.push({
        topic: q.surface,
        via: Number.isInteger(f) ? [] : (via.get(t) ?? []),
        weight: q.weight,
      });
    }
    // Focus: the answer's own words (not the parts of split identifiers) that are the question's or
    // belong to one of its concept groups.
    const own = new Map<string, boolean>();
    const ts = toks[i]!;
    for (let j = 0; j < ts.length; j++) {
      const t = ts[j]!;
      if (t.part) continue;
      let on = query.has(t.term) || groupsOf(t.term).some((g) => activeGroups.has(g));
      for (let k = j + 1; k < ts.length && ts[k]!.part; k++)
        on ||= query.has(ts[k]!.term) || groupsOf(ts[k]!.term).some((g) => activeGroups.has(g));
      own.set(t.term, (own.get(t.term) ?? false) || on);
    }
    const metGroups = new Set<number>();
    for (const t of ts) for (const g of groupsOf(t.term)) if (titleGroups.has(g)) metGroups.add(g);
    const concepts =
      titleGroups.size > 0 ? metGroups.size / titleGroups.size : Math.min(1, (covered / totalWeight) * 2.5);
    const onTopic = Array.from(own.values()).filter(Boolean).length;
    const focus = onTopic / (own.size + FOCUS_PRIOR);
    const text = a.content;
    const allWords = words(text);
    const wordCount = allWords.length;
    const hasFence = /```[\s\S]*?```/.test(text) || /^( {4}|\t)\S/m.test(text);
    const inlineCode = (text.match(/`[^`\n]+`/g) ?? []).length;
    // An API named in prose (setTimeout, useEffect) is code too, if less than a snippet.
    const identifiers = ts.some((t) => t.part) ? 0.4 : 0;
    const code = Math.max(hasFence ? 1 : inlineCode >= 2 ? 0.7 : inlineCode === 1 ? 0.4 : 0, identifiers);
    const numbers = (
      text.match(
        /\b\d+([.,]\d+)?\s*(%|kg|g|mg|ml|l|km|m|cm|mm|hours?|hrs?|minutes?|mins?|days?|weeks?|months?|years?|rs|inr|₹|\$|x)?\b/gi,
      ) ?? []
    ).length;
    const specificity = clamp01(
      Math.min(numbers, 4) * 0.15 +
        (text.match(EXAMPLES)?.length ?? 0) * 0.25 +
        Math.min(text.match(STEPS)?.length ?? 0, 3) * 0.12,
    );
    const reasoning = clamp01((text.match(REASONING)?.length ?? 0) * 0.3);
    // Counted in one pass: two whole-text replaces cost more than the rest of the ranking on long answers.
    let letters = 0;
    let upper = 0;
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      if (c >= 65 && c <= 90) {
        letters++;
        upper++;
      } else if (c >= 97 && c <= 122) letters++;
    }
    const shouting = letters > 20 && upper / letters > 0.6 ? 1 : /!{3,}/.test(text) ? 0.5 : 0;
    const unique = new Set(allWords).size;
    const repetition = wordCount >= 30 && unique / wordCount < 0.35 ? 1 : 0;
    const urls = (text.match(/https?:\/\/\S+/g) ?? []).length;
    const linkOnly = urls > 0 && wordCount - urls * 4 < 12 ? 1 : 0;
    // A precise answer names something exact: code, a number, an identifier or a concept word.
    const precise =
      code > 0 ||
      numbers > 0 ||
      ts.some((t) => t.part) ||
      Array.from(via.values()).some((v) => v.length > 0) ||
      /[=×÷^/]/.test(text);
    const author = a.author;
    return {
      bm25,
      coverage: covered / totalWeight,
      focus,
      concepts,
      keyConcept,
      precise,
      matches,
      lengthRaw: lengthScore(wordCount),
      structure: structureScore(text),
      code: technical ? code : code * 0.3,
      specificity,
      reasoning,
      attachments: a.attachments > 0 ? 1 : 0,
      // Smoothed share of the answerer's answers that were accepted or ranked best; new users sit at 0.25.
      track: author ? (author.best + 0.5) / (author.answers + 2) : 0.25,
      lowEffortRaw: clamp01(countMatches(text, LOW_EFFORT) * 0.6 + linkOnly * 0.6),
      spam: clamp01(countMatches(text, SPAM) * 0.7),
      shouting,
      hedging: clamp01(countMatches(text, HEDGES) * 0.5),
      repetition,
      wordCount,
    };
  });
  const maxBm25 = Math.max(0, ...raw.map((r) => r.bm25));
  return raw.map(({ lengthRaw, lowEffortRaw, ...r }) => {
    const relBm25 = maxBm25 > 0 ? r.bm25 / maxBm25 : 0;
    const relevance = clamp01(
      REL_W.bm25 * relBm25 +
        REL_W.coverage * clamp01(r.coverage * 2.5) +
        REL_W.focus * clamp01(r.focus * 2) +
        REL_W.concepts * r.concepts,
    );
    // Brevity is no fault in an answer that is on topic and exact (a one-line fix, a formula).
    const onTopicAndPrecise = r.precise && r.keyConcept && relevance >= BRIEF_OK_RELEVANCE;
    const length = onTopicAndPrecise ? Math.max(lengthRaw, BRIEF_LENGTH_FLOOR) : lengthRaw;
    const lowEffort = clamp01(lowEffortRaw + (r.wordCount < 6 && !onTopicAndPrecise ? 0.5 : 0));
    return { ...r, relevance, length, lowEffort };
  });
}

export function scoreOf(f: AnswerFeatures): number {
  const base =
    0.4 * f.relevance +
    0.18 * f.length +
    0.1 * f.structure +
    0.07 * f.code +
    0.09 * f.specificity +
    0.07 * f.reasoning +
    0.04 * f.attachments +
    0.05 * f.track;
  const penalty =
    0.5 * f.spam + 0.35 * f.lowEffort + 0.12 * f.shouting + 0.06 * f.hedging + 0.2 * f.repetition;
  // A well-written answer to another question must not outrank a plain on-topic one.
  const offTopic = f.relevance < 0.15 ? 0.15 : 0;
  return Math.round(clamp01(base - penalty - offTopic) * 1000) / 10;
}

/** "debounce with setTimeout/clearTimeout", "sourdough starter": what the answer shares with the question. */
function matchedTopics(f: AnswerFeatures, max = 3): string {
  const items: string[] = [];
  const seen = new Set<string>();
  const byWeight = [...f.matches].sort((a, b) => b.weight - a.weight);
  const usedVia = new Set<string>();
  for (const m of byWeight) {
    const key = m.topic.toLowerCase();
    // One answer word that meets several question words is named once, with the first of them.
    const via = m.via.filter((v) => !usedVia.has(v));
    if (seen.has(key) || (m.via.length > 0 && via.length === 0)) continue;
    seen.add(key);
    for (const v of via) usedVia.add(v);
    items.push(via.length ? `${m.topic} with ${via.slice(0, 2).join('/')}` : m.topic);
    if (items.length === max) break;
  }
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function reasonOf(f: AnswerFeatures): string {
  const topics = matchedTopics(f);
  const lead =
    f.spam >= 0.7
      ? 'Looks like self-promotion rather than an answer'
      : f.lowEffort >= 0.6
        ? 'Low-effort reply that does not answer the question'
        : f.relevance >= 0.65
          ? topics
            ? `Directly addresses ${topics}`
            : 'Directly addresses the question'
          : f.relevance >= 0.35
            ? topics
              ? `Partly addresses the question: ${topics}`
              : 'Partly addresses the question'
            : // Sharing the question's key concepts is never "off-topic", however little else it says.
              f.keyConcept && topics
              ? `Touches on ${topics} but says little about the rest of the question`
              : 'Mostly off-topic for this question';
  const notes: string[] = [];
  const brief = f.wordCount < 15 && f.lowEffort < 0.6;
  if (brief && f.precise && f.keyConcept && f.relevance >= 0.35) notes.push('brief but specific');
  if (f.code >= 0.7) notes.push('includes code');
  if (f.structure >= 0.5) notes.push('well structured');
  if (f.specificity >= 0.5) notes.push('gives specific details');
  if (f.reasoning >= 0.6) notes.push('explains why');
  if (f.attachments) notes.push('has an attachment');
  if (brief && !notes.includes('brief but specific')) notes.push('very brief');
  if (f.length < 0.9 && f.wordCount > 450) notes.push('long');
  if (f.hedging >= 0.5) notes.push('uncertain');
  if (f.shouting >= 1) notes.push('written in capitals');
  if (f.track >= 0.5) notes.push('answerer has a strong track record');
  return notes.length ? `${lead}; ${notes.slice(0, 3).join(', ')}.` : `${lead}.`;
}

/**
 * The offline ranker: BM25 relevance of each answer to the question (within the answer set) plus
 * quality signals — length within bounds, structure, code for technical questions, specifics and
 * reasoning, attachments, the answerer's track record — minus spam and low-effort penalties.
 */
export class BuiltinRanker implements Ranker {
  readonly name = 'builtin';

  async rank(input: RankInput): Promise<RankScore[]> {
    const features = answerFeatures(input);
    return input.answers.map((a, i) => ({
      answerId: a.id,
      score: scoreOf(features[i]!),
      reason: reasonOf(features[i]!),
    }));
  }
}
