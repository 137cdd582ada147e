import type { RankInput, RankInputAnswer, Ranker, RankScore } from './ranker.js';
import { terms, words } from './ranker-text.js';

// BM25 parameters (the usual defaults).
const K1 = 1.2;
const B = 0.75;
/** Pseudo-documents added to the answer set so terms shared by every answer still count a little. */
const IDF_SMOOTHING_DOCS = 2;

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

function queryWeights(q: RankInput['question']): Map<string, number> {
  const weights = new Map<string, number>();
  // Title words say what is asked; they count twice the description's.
  for (const t of terms(q.title)) weights.set(t, Math.max(weights.get(t) ?? 0, 2));
  for (const t of terms(q.description)) weights.set(t, Math.max(weights.get(t) ?? 0, 1));
  return weights;
}

/** Features of every answer of one question (BM25 needs the whole answer set). */
export function answerFeatures(input: RankInput): AnswerFeatures[] {
  const query = queryWeights(input.question);
  const docs = input.answers.map((a) => terms(a.content));
  const n = docs.length;
  const avgdl = docs.reduce((s, d) => s + d.length, 0) / Math.max(1, n) || 1;
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
  const nIdf = n + IDF_SMOOTHING_DOCS;
  const idf = (t: string) => {
    const k = df.get(t) ?? 0;
    return Math.log(1 + (nIdf - k + 0.5) / (k + 0.5));
  };
  const totalWeight = Array.from(query.values()).reduce((s, w) => s + w, 0) || 1;
  const technical =
    input.question.category === 'Technology' ||
    TECH_HINTS.test(`${input.question.title} ${input.question.description}`) ||
    input.question.description.includes('`');

  const raw = input.answers.map((a: RankInputAnswer, i) => {
    const doc = docs[i]!;
    const tf = new Map<string, number>();
    for (const t of doc) tf.set(t, (tf.get(t) ?? 0) + 1);
    let bm25 = 0;
    let covered = 0;
    for (const [t, w] of query) {
      const f = tf.get(t) ?? 0;
      if (f === 0) continue;
      covered += w;
      bm25 += w * idf(t) * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * doc.length) / avgdl)));
    }
    const text = a.content;
    const allWords = words(text);
    const wordCount = allWords.length;
    const hasFence = /```[\s\S]*?```/.test(text) || /^( {4}|\t)\S/m.test(text);
    const inlineCode = (text.match(/`[^`\n]+`/g) ?? []).length;
    const code = hasFence ? 1 : inlineCode >= 2 ? 0.7 : inlineCode === 1 ? 0.4 : 0;
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
    const letters = text.replace(/[^A-Za-z]/g, '');
    const upper = text.replace(/[^A-Z]/g, '').length;
    const shouting = letters.length > 20 && upper / letters.length > 0.6 ? 1 : /!{3,}/.test(text) ? 0.5 : 0;
    const unique = new Set(allWords).size;
    const repetition = wordCount >= 30 && unique / wordCount < 0.35 ? 1 : 0;
    const urls = (text.match(/https?:\/\/\S+/g) ?? []).length;
    const linkOnly = urls > 0 && wordCount - urls * 4 < 12 ? 1 : 0;
    const author = a.author;
    return {
      bm25,
      coverage: covered / totalWeight,
      length: lengthScore(wordCount),
      structure: structureScore(text),
      code: technical ? code : code * 0.3,
      specificity,
      reasoning,
      attachments: a.attachments > 0 ? 1 : 0,
      // Smoothed share of the answerer's answers that were accepted or ranked best; new users sit at 0.25.
      track: author ? (author.best + 0.5) / (author.answers + 2) : 0.25,
      lowEffort: clamp01(countMatches(text, LOW_EFFORT) * 0.6 + linkOnly * 0.6 + (wordCount < 6 ? 0.5 : 0)),
      spam: clamp01(countMatches(text, SPAM) * 0.7),
      shouting,
      hedging: clamp01(countMatches(text, HEDGES) * 0.5),
      repetition,
      wordCount,
    };
  });
  const maxBm25 = Math.max(0, ...raw.map((r) => r.bm25));
  return raw.map((r) => {
    const relBm25 = maxBm25 > 0 ? r.bm25 / maxBm25 : 0;
    const relevance = clamp01(0.55 * relBm25 + 0.45 * clamp01(r.coverage * 2.5));
    return { ...r, relevance };
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

export function reasonOf(f: AnswerFeatures): string {
  const lead =
    f.spam >= 0.7
      ? 'Looks like self-promotion rather than an answer'
      : f.lowEffort >= 0.6
        ? 'Low-effort reply that does not answer the question'
        : f.relevance >= 0.65
          ? 'Directly addresses the question'
          : f.relevance >= 0.35
            ? 'Partly addresses the question'
            : 'Mostly off-topic for this question';
  const notes: string[] = [];
  if (f.code >= 0.7) notes.push('includes code');
  if (f.structure >= 0.5) notes.push('well structured');
  if (f.specificity >= 0.5) notes.push('gives specific details');
  if (f.reasoning >= 0.6) notes.push('explains why');
  if (f.attachments) notes.push('has an attachment');
  if (f.wordCount < 15 && f.lowEffort < 0.6) notes.push('very brief');
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
