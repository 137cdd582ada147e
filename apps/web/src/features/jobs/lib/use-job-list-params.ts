import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth-store';
import type { ActiveFilter } from '../components/active-filters';
import { type JobListParams, levelLabel, paramsFromSearch, searchFromParams } from './filters';

export interface JobListState {
  params: JobListParams;
  /** Any change of filter goes back to page 1; paging keeps the filters. */
  update: (patch: Partial<JobListParams>, opts?: { keepPage?: boolean }) => void;
  toggleCategory: (category: string) => void;
  clearAll: () => void;
  /** The chosen filters, each with its own way to drop it (the "Filtered by" pills). */
  filteredBy: ActiveFilter[];
  /** Replaces the URL's state without a new history entry (a bookmarked page past the end). */
  replace: (params: JobListParams) => void;
}

/** The /jobhubs listing's state, read from and written to the URL (spec 03 §2). */
export function useJobListParams(): JobListState {
  const [sp, setSp] = useSearchParams();
  const { isLoggedIn } = useAuth();
  const fromUrl = useMemo(() => paramsFromSearch(sp), [sp]);
  // "Best match" needs a profile: a visitor's link with it lists by the default order.
  const params = useMemo(
    () => (!isLoggedIn && fromUrl.sort === 'match' ? { ...fromUrl, sort: null } : fromUrl),
    [fromUrl, isLoggedIn],
  );

  const replace = useCallback(
    (next: JobListParams) => setSp(searchFromParams(next), { replace: true }),
    [setSp],
  );
  const update: JobListState['update'] = (patch, opts = {}) => {
    const next = { ...params, ...patch, ...(opts.keepPage ? {} : { page: 1 }) };
    setSp(searchFromParams(next));
  };
  const toggleCategory = (c: string) =>
    update({
      categories: params.categories.includes(c)
        ? params.categories.filter((x) => x !== c)
        : [...params.categories, c],
    });

  const filteredBy: ActiveFilter[] = [
    ...(params.search
      ? [{ key: 'search', label: `“${params.search}”`, clear: () => update({ search: '' }) }]
      : []),
    ...(params.location
      ? [{ key: 'location', label: `in ${params.location}`, clear: () => update({ location: '' }) }]
      : []),
    ...params.categories.map((c) => ({ key: `c-${c}`, label: c, clear: () => toggleCategory(c) })),
    ...(params.level
      ? [{ key: 'level', label: levelLabel(params.level), clear: () => update({ level: null }) }]
      : []),
    ...(params.employmentType
      ? [{ key: 'type', label: params.employmentType, clear: () => update({ employmentType: null }) }]
      : []),
  ];

  return {
    params,
    update,
    toggleCategory,
    clearAll: () => setSp(new URLSearchParams()),
    filteredBy,
    replace,
  };
}
