import { equalPercentages, MSG, REWARD_SPLIT_TEXT, type RewardView, splitPaise } from '@agora/shared';
import { useEffect, useMemo, useState } from 'react';

/** One chosen answer and its whole percent ('' while the author is typing it). */
type Share = { answerId: string; percent: number | '' };

/** spec 01 §5's equal split over `ids` in selection order (the remainder to the first). */
function equalShares(ids: string[]): Share[] {
  const pcts = equalPercentages(ids.length);
  return ids.map((answerId, i) => ({ answerId, percent: pcts[i]! }));
}

const pct = (p: number | '') => (p === '' ? 0 : p);

export type SharePreview = { percentage: number; paise: number };

/**
 * The author's split of a question's reward (spec 01 §5): which answers, in selection order (the
 * first gets the leftover percent and paise), and each one's whole percent — by merit (the AI
 * ranking's suggestion when there is one), else equal. The rupee preview is the server's own split
 * (splitPaise), to the paisa.
 */
export function useRewardSplit(data: RewardView | undefined) {
  const [shares, setShares] = useState<Share[]>([]);
  const [started, setStarted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const total = data?.payment.amount ?? 0;
  const selected = shares.map((s) => s.answerId);
  const answerIds = useMemo(() => new Set((data?.question.answers ?? []).map((a) => a._id)), [data]);
  // The AI ranking's split, limited to answers this page lists.
  const suggested = useMemo(
    () =>
      (data?.suggestedSplit ?? [])
        .filter((s) => answerIds.has(s.answerId))
        .map((s) => ({ answerId: s.answerId, percent: s.percent })),
    [data, answerIds],
  );
  const suggestionUsable = suggested.length > 0 && suggested.reduce((a, s) => a + s.percent, 0) === 100;

  // Rewards by merit: the page starts from the suggested split when a ranking ran.
  useEffect(() => {
    if (started || !data) return;
    setStarted(true);
    if (data.totalDistributed === 0 && suggestionUsable) setShares(suggested);
  }, [data, started, suggested, suggestionUsable]);

  const allocated = shares.reduce((a, s) => a + pct(s.percent), 0);
  const valid = shares.every(
    (s) => Number.isInteger(s.percent) && pct(s.percent) >= 1 && pct(s.percent) <= 100,
  );
  const preview = useMemo(() => {
    const pcts = shares.map((s) => pct(s.percent));
    // The server's split (splitPaise) once the percentages add up to 100; while they do not, each
    // share alone (floor), so the figures never claim more than the percentages say.
    const paise =
      allocated === 100 ? splitPaise(total, pcts) : pcts.map((p) => Math.floor((total * p) / 100));
    return new Map<string, SharePreview>(
      shares.map((s, i) => [s.answerId, { percentage: pcts[i]!, paise: paise[i]! }]),
    );
  }, [shares, total, allocated]);

  return {
    total,
    selected,
    allocated,
    preview,
    error,
    setError,
    suggestionUsable,
    percentOf: (answerId: string) => shares.find((s) => s.answerId === answerId)?.percent ?? '',
    applySuggested: () => setShares(suggested),
    splitEqually: () => {
      setError(null);
      setShares(equalShares(selected));
    },
    clear: () => setShares([]),
    /** Choosing or dropping an answer starts again from the spec's equal split of the new selection. */
    toggle: (answerId: string) => {
      setError(null);
      setShares(
        equalShares(
          selected.includes(answerId) ? selected.filter((x) => x !== answerId) : [...selected, answerId],
        ),
      );
    },
    setPercent: (answerId: string, value: number | string) => {
      setError(null);
      const n = typeof value === 'number' ? value : value.trim() === '' ? '' : Number(value);
      setShares((list) =>
        list.map((s) =>
          s.answerId === answerId ? { ...s, percent: n === '' || Number.isFinite(n) ? n : '' } : s,
        ),
      );
    },
    /** Whether the split may be submitted; if not, the reason is shown. */
    check: (): boolean => {
      const problem =
        selected.length === 0
          ? MSG.selectAnswerToReward
          : !valid
            ? REWARD_SPLIT_TEXT.percentWhole
            : allocated !== 100
              ? REWARD_SPLIT_TEXT.totalNot100(allocated)
              : null;
      setError(problem);
      return problem === null;
    },
  };
}

export type RewardSplit = ReturnType<typeof useRewardSplit>;
