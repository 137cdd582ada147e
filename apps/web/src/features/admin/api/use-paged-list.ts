import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type ListParams = Record<string, string | number | boolean | undefined>;

export interface PagedList<T> {
  items: T[];
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  page: number;
  hasNext: boolean;
  hasPrev: boolean;
  next(): void;
  prev(): void;
  refetch(): void;
}

/**
 * One page of an admin list. The server pages by opaque cursor (X-Next-Cursor, CONTRACT §3); the
 * cursors seen so far are kept as a stack so Previous works. Changing a filter starts at page 1.
 */
export function usePagedList<T>(section: string, path: string, params: ListParams): PagedList<T> {
  const paramsKey = JSON.stringify(params);
  const [state, setState] = useState<{ key: string; cursors: (string | undefined)[] }>({
    key: paramsKey,
    cursors: [undefined],
  });
  const cursors = state.key === paramsKey ? state.cursors : [undefined];
  const cursor = cursors[cursors.length - 1];
  const q = useQuery({
    queryKey: [...adminKeys.list(section), paramsKey, cursor ?? ''],
    queryFn: async ({ signal }) => {
      const res = await apiRequest<T[]>(path, { signal, query: { ...params, cursor } });
      return { items: res.data, next: res.headers.get('X-Next-Cursor') };
    },
    placeholderData: keepPreviousData,
  });
  const nextCursor = q.data?.next ?? null;
  return {
    items: q.data?.items ?? [],
    isLoading: q.isLoading,
    isFetching: q.isFetching,
    error: q.error,
    page: cursors.length,
    hasNext: Boolean(nextCursor),
    hasPrev: cursors.length > 1,
    next: () => {
      if (nextCursor) setState({ key: paramsKey, cursors: [...cursors, nextCursor] });
    },
    prev: () => setState({ key: paramsKey, cursors: cursors.slice(0, -1) }),
    refetch: () => void q.refetch(),
  };
}
