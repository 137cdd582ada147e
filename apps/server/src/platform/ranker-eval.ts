// Offline evaluation of an answer ranker against a labelled set (apps/server/eval/ranking-set.json).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RankInput, Ranker } from './ranker.js';
import { toRanking } from './ranker.js';

export interface LabelledAnswer {
  id: string;
  grade: number;
  content: string;
  attachments?: number;
}
export interface LabelledQuestion {
  id: string;
  category: string;
  title: string;
  description: string;
  answers: LabelledAnswer[];
}

const EVAL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../eval');
/** The original labelled set (the built-in ranker's weights were set while looking at it). */
export const RANKING_SET_PATH = path.join(EVAL_DIR, 'ranking-set.json');
/** Short, exact answers the ranker's concept matching was developed on. */
export const RANKING_DEV_SET_PATH = path.join(EVAL_DIR, 'ranking-dev.json');
/** Short, exact answers written before the ranker was changed for them and never tuned on. */
export const RANKING_HELDOUT_SET_PATH = path.join(EVAL_DIR, 'ranking-heldout.json');

export function loadRankingSet(file = RANKING_SET_PATH): LabelledQuestion[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { questions: LabelledQuestion[] }).questions;
}

/** NDCG@k with exponential gain (2^grade − 1). */
export function ndcgAt(k: number, rankedGrades: number[]): number {
  const dcg = (grades: number[]) =>
    grades.slice(0, k).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  const ideal = dcg([...rankedGrades].sort((a, b) => b - a));
  return ideal === 0 ? 1 : dcg(rankedGrades) / ideal;
}

export interface EvalResult {
  ndcg3: number;
  top1: number;
  questions: number;
  perQuestion: Array<{ id: string; ndcg3: number; top1: boolean; order: string[] }>;
}

/** Runs the ranker on every question; top-1 counts when the first answer has the best grade. */
export async function evaluate(
  rank:
    | Ranker['rank']
    | ((input: RankInput) => Promise<Array<{ answerId: string; score: number; reason: string }>>),
  set: LabelledQuestion[],
): Promise<EvalResult> {
  const perQuestion: EvalResult['perQuestion'] = [];
  for (const q of set) {
    const input: RankInput = {
      question: { title: q.title, description: q.description, category: q.category },
      answers: q.answers.map((a) => ({ id: a.id, content: a.content, attachments: a.attachments ?? 0 })),
    };
    const ranking = toRanking(input, await rank(input));
    const grade = new Map(q.answers.map((a) => [a.id, a.grade]));
    const grades = ranking.map((r) => grade.get(r.answerId)!);
    perQuestion.push({
      id: q.id,
      ndcg3: ndcgAt(3, grades),
      top1: grades[0] === Math.max(...grades),
      order: ranking.map((r) => `${r.answerId}:${grade.get(r.answerId)}`),
    });
  }
  const n = perQuestion.length;
  return {
    ndcg3: perQuestion.reduce((s, p) => s + p.ndcg3, 0) / n,
    top1: perQuestion.filter((p) => p.top1).length / n,
    questions: n,
    perQuestion,
  };
}

/** Baselines for context: the order answers were posted in, and longest first. */
export const baselines = {
  original: async (input: RankInput) =>
    input.answers.map((a, i) => ({ answerId: a.id, score: -i, reason: 'posted order' })),
  longest: async (input: RankInput) =>
    input.answers.map((a) => ({ answerId: a.id, score: a.content.length, reason: 'length' })),
};
