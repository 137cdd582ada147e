import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readCategories, readRewardRange, readSort } from '../api/prefetch';
import type { RewardRange } from '../components/reward-filter';

/**
 * The Inquiry Space's state, kept in the URL (spec 01 §2): categories, reward range, sort, search
 * words, the tab and the open question. The search box writes the URL once typing pauses.
 */
export function useQuestionsParams() {
  const [params, setParams] = useSearchParams();
  const sort = readSort(params.get('sort'));
  const categories = useMemo(() => readCategories(params), [params]);
  const { minReward, maxReward } = readRewardRange(params);
  const tab: 'open' | 'answered' = params.get('tab') === 'answered' ? 'answered' : 'open';
  const selected = params.get('question');
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);

  const update = (patch: Record<string, string | string[] | null>) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          next.delete(k);
          if (Array.isArray(v)) for (const x of v) next.append(k, x);
          else if (v !== null && v !== '') next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the URL
  useEffect(() => {
    if ((params.get('q') ?? '') !== debounced) update({ q: debounced || null });
  }, [debounced]);

  const rewardFiltered = minReward !== null || maxReward !== null;
  return {
    sort,
    categories,
    minReward,
    maxReward,
    tab,
    selected,
    search,
    setSearch,
    /** The search words the list is fetched with (the box's text once typing pauses). */
    q: debounced,
    rewardFiltered,
    filtered: categories.length > 0 || debounced !== '' || rewardFiltered,
    update,
    select: (id: string | null) => update({ question: id }),
    setReward: (r: RewardRange) =>
      update({
        minReward: r.min === null ? null : String(r.min),
        maxReward: r.max === null ? null : String(r.max),
      }),
  };
}

export type QuestionsParams = ReturnType<typeof useQuestionsParams>;
