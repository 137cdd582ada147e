import { useDeferredValue } from 'react';

/**
 * A list that paints its first items at once and the rest in a deferred render. A page of cards
 * rendered in one go blocks a slow phone's main thread for a few hundred milliseconds
 * (Lighthouse mobile: total blocking time); React splits a deferred render into short slices that
 * input can interrupt. When a list grows (the next page), what was shown stays and the new items
 * follow in the deferred pass.
 */
export function useProgressiveList<T>(items: readonly T[], first = 6): readonly T[] {
  const deferred = useDeferredValue(items);
  return deferred === items ? items : items.slice(0, Math.max(first, deferred.length));
}
