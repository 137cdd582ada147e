export interface RankInputAnswer {
  id: string;
  content: string;
  /** Number of attached files. */
  attachments: number;
  /** The answerer's track record (answers written, answers accepted or ranked best). */
  author?: { answers: number; best: number };
}

export interface RankInput {
  question: { title: string; description: string; category: string };
  answers: RankInputAnswer[];
}

export interface RankScore {
  answerId: string;
  /** 0–100, higher is better. */
  score: number;
  /** One line a question author can read. */
  reason: string;
}

/** Orders the answers of one question. Implementations return one score per input answer. */
export interface Ranker {
  /** 'builtin' or 'llm:<model>' — reported to the client and stored on the question. */
  readonly name: string;
  rank(input: RankInput): Promise<RankScore[]>;
}

/** The ranker could not produce a ranking (network, timeout, bad output): answers keep their order. */
export class RankerError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'RankerError';
  }
}

/** Scores → ranks (1 = best); ties keep the input order. Every input answer appears once. */
export function toRanking(input: RankInput, scores: RankScore[]): Array<RankScore & { rank: number }> {
  const byId = new Map(scores.map((s) => [s.answerId, s]));
  const rows = input.answers.map((a, index) => {
    const s = byId.get(a.id);
    if (!s) throw new RankerError(`ranker returned no score for answer ${a.id}`);
    return { ...s, index };
  });
  rows.sort((a, b) => b.score - a.score || a.index - b.index);
  return rows.map(({ index: _i, ...s }, i) => ({ ...s, rank: i + 1 }));
}
