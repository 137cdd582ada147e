import { useDeferredValue } from 'react';

/**
 * A list whose new items are drawn in a deferred render. Data arrives through the query cache's
 * store, and React renders an update from a store synchronously: a page of cards drawn in that
 * render blocked a slow phone's main thread for ~150 ms (×4 under Lighthouse's mobile CPU: most of
 * the page's total blocking time). The synchronous render keeps what was shown; React then draws
 * the new items in a deferred render it splits into short slices that input can interrupt.
 *
 * `drawing` is true while items have arrived but none is drawn yet: show the loading state then,
 * not an empty list.
 */
export function useProgressiveList<T>(items: readonly T[]): { items: readonly T[]; drawing: boolean } {
  const deferred = useDeferredValue(items);
  return { items: deferred, drawing: deferred.length === 0 && items.length > 0 };
}

/**
 * A page's data whose first arrival is drawn in a deferred render (the same reason as above: the
 * whole page drawn in the store's synchronous update was a long task on a phone); later changes
 * (a like, a follow) show at once.
 */
export function useDeferredArrival<T>(value: T | undefined): T | undefined {
  const deferred = useDeferredValue(value);
  return deferred === undefined ? undefined : value;
}
