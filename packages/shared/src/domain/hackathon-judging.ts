import { splitPaise } from './reward-split.js';

/** A judging criterion: its name (the key of a score sheet) and a positive weight. */
export interface Criterion {
  name: string;
  weight: number;
}

/** One judge's score sheet for one submission: 1–5 per criterion. */
export interface ScoreSheet {
  judgeId: string;
  submissionId: string;
  scores: Record<string, number>;
}

export interface SubmissionResult {
  submissionId: string;
  /** Mean score per criterion over the judges who scored it (1–5), null when nobody did. */
  criteria: Record<string, number | null>;
  /** The weighted mean of the per-criterion means (1–5), null when nobody scored it. */
  weighted: number | null;
  /**
   * The mean over its judges of each judge's standardised total: (total − that judge's mean) /
   * that judge's standard deviation. 0 is an average submission for every judge; null when
   * nobody scored it.
   */
  normalized: number | null;
  /** How many judges scored it. */
  judges: number;
}

const round = (x: number, digits = 4) => Math.round(x * 10 ** digits) / 10 ** digits;

/** A sheet's weighted total on the 1–5 scale (criteria missing from the sheet are ignored). */
export function weightedTotal(criteria: Criterion[], scores: Record<string, number>): number | null {
  let sum = 0;
  let weights = 0;
  for (const c of criteria) {
    const s = scores[c.name];
    if (typeof s !== 'number') continue;
    sum += c.weight * s;
    weights += c.weight;
  }
  return weights > 0 ? sum / weights : null;
}

/**
 * Fair results. Raw per-criterion means favour the submissions that drew a lenient judge; here
 * every judge's totals are first standardised against that judge's own scoring (z-scores: mean 0,
 * standard deviation 1 over the submissions they scored), then averaged per submission. A harsh
 * judge's 2 for their best submission counts as much as a lenient judge's 5 for theirs.
 * A judge who scored fewer than two submissions, or gave every submission the same total, says
 * nothing about relative quality: their z-scores are 0.
 *
 * Ranked by `normalized` (highest first), then the raw weighted total, then the order given
 * (the caller passes submissions oldest first); unscored submissions come last.
 */
export function judgeResults(
  criteria: Criterion[],
  submissionIds: string[],
  sheets: ScoreSheet[],
): SubmissionResult[] {
  const totalsByJudge = new Map<string, Array<{ submissionId: string; total: number }>>();
  for (const sheet of sheets) {
    const total = weightedTotal(criteria, sheet.scores);
    if (total === null) continue;
    const list = totalsByJudge.get(sheet.judgeId) ?? [];
    list.push({ submissionId: sheet.submissionId, total });
    totalsByJudge.set(sheet.judgeId, list);
  }
  const zBySubmission = new Map<string, number[]>();
  for (const totals of totalsByJudge.values()) {
    const mean = totals.reduce((s, t) => s + t.total, 0) / totals.length;
    const variance = totals.reduce((s, t) => s + (t.total - mean) ** 2, 0) / totals.length;
    const sd = Math.sqrt(variance);
    for (const t of totals) {
      const z = totals.length < 2 || sd < 1e-9 ? 0 : (t.total - mean) / sd;
      const list = zBySubmission.get(t.submissionId) ?? [];
      list.push(z);
      zBySubmission.set(t.submissionId, list);
    }
  }

  const rows = submissionIds.map((submissionId, order) => {
    const mine = sheets.filter((s) => s.submissionId === submissionId);
    const perCriterion: Record<string, number | null> = {};
    const means: Record<string, number> = {};
    for (const c of criteria) {
      const values = mine.map((s) => s.scores[c.name]).filter((v): v is number => typeof v === 'number');
      const mean = values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
      perCriterion[c.name] = mean === null ? null : round(mean);
      if (mean !== null) means[c.name] = mean;
    }
    const weighted = weightedTotal(criteria, means);
    const zs = zBySubmission.get(submissionId) ?? [];
    const normalized = zs.length ? zs.reduce((a, b) => a + b, 0) / zs.length : null;
    return {
      order,
      result: {
        submissionId,
        criteria: perCriterion,
        weighted: weighted === null ? null : round(weighted),
        normalized: normalized === null ? null : round(normalized),
        judges: new Set(mine.map((s) => s.judgeId)).size,
      },
    };
  });
  const key = (x: number | null) => (x === null ? Number.NEGATIVE_INFINITY : x);
  rows.sort(
    (a, b) =>
      key(b.result.normalized) - key(a.result.normalized) ||
      key(b.result.weighted) - key(a.result.weighted) ||
      a.order - b.order,
  );
  return rows.map((r) => r.result);
}

export interface PrizePlace {
  place: number;
  percent: number;
}

export interface PrizeTeam {
  place: number;
  /** Members' user ids, the captain first. */
  memberIds: string[];
}

export interface PrizeShare {
  place: number;
  userId: string;
  paise: number;
}

/**
 * The prize pool in paise to every member of the placed teams: each place's share is
 * floor(pool × percent / 100) with the leftover paise to the first place listed, and each
 * share is split equally among that team's members with the leftover paise to the captain
 * (listed first). The shares add up to the pool exactly.
 */
export function splitPrize(poolPaise: number, split: PrizePlace[], teams: PrizeTeam[]): PrizeShare[] {
  const sum = split.reduce((s, p) => s + p.percent, 0);
  if (sum !== 100) throw new RangeError('percentages must add up to 100');
  const placeShares = splitPaise(
    poolPaise,
    split.map((p) => p.percent),
  );
  const out: PrizeShare[] = [];
  split.forEach((p, i) => {
    const team = teams.find((t) => t.place === p.place);
    if (!team || team.memberIds.length === 0) throw new RangeError(`place ${p.place} has no team`);
    const n = team.memberIds.length;
    const total = placeShares[i]!;
    const base = Math.floor(total / n);
    team.memberIds.forEach((userId, j) => {
      out.push({ place: p.place, userId, paise: base + (j === 0 ? total - base * n : 0) });
    });
  });
  return out;
}
