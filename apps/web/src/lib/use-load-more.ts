import { useEffect, useRef, useState } from 'react';

export interface LoadMoreOptions {
  /** The list has a further page. */
  hasMore: boolean;
  /** A page is being fetched (no second request meanwhile). */
  loading: boolean;
  /** Asks for the next page. */
  loadMore: () => void;
  /** Items shown so far: each new page is a new look at where the list's end is. */
  count: number;
  /** How near the screen the end must come (a CSS margin). */
  margin?: string;
}

/**
 * A ref for the element at the end of a cursor-paged list: the next page is fetched when it comes
 * within `margin` of the screen, and again after each page for as long as it stays that near (a
 * page that does not fill the screen leaves the end in view, and an observer reports only changes).
 *
 * Nearness is asked afresh after every page rather than kept in state: the render in which a page
 * arrives must not act on what was true before that page moved the end down. Observing an element
 * reports its current state, so the observer is made anew whenever the list grows or a fetch ends.
 */
export function useLoadMore<T extends Element>({
  hasMore,
  loading,
  loadMore,
  count,
  margin = '400px',
}: LoadMoreOptions): (el: T | null) => void {
  const [el, ref] = useState<T | null>(null);
  // The page's handler is a new function each render; the observer calls the latest one.
  const load = useRef(loadMore);
  load.current = loadMore;
  useEffect(() => {
    // `count` restarts the observation after each page (its value is not read here).
    void count;
    if (!el || !hasMore || loading) return;
    // Where the browser cannot tell, the list's Load more button is what fetches.
    if (typeof IntersectionObserver !== 'function') return;
    let fired = false;
    const io = new IntersectionObserver((entries) => {
      if (fired || !entries.some((e) => e.isIntersecting)) return;
      fired = true;
      io.disconnect();
      load.current();
    }, nearness(margin));
    io.observe(el);
    return () => io.disconnect();
  }, [el, hasMore, loading, count, margin]);
  return ref;
}

/**
 * One margin, never both: scrollMargin reaches into a scrolling pane (rootMargin applies to the
 * viewport only), and Chromium applies it to the viewport as well, so rootMargin on top of it counted
 * the end as near at twice the distance (a first page whose end lay 550 px below the screen asked for
 * the second before anyone scrolled). A browser without scrollMargin gets rootMargin.
 */
function nearness(margin: string): IntersectionObserverInit {
  return 'scrollMargin' in IntersectionObserver.prototype
    ? ({ scrollMargin: margin } as IntersectionObserverInit)
    : { rootMargin: margin };
}
