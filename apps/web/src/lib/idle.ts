import { useEffect, useState } from 'react';
import { queryClient } from './query-client';

/** At most this long after the load is waited for the page's data. */
const DATA_WAIT_MS = 10_000;
/** The data is in when no query has been fetching for this long (a page asks for more as it renders). */
const QUIET_MS = 500;

/**
 * Runs `run` once the page has loaded, its data has arrived (no query fetching for half a second)
 * and the main thread is idle: for what a page's first screen does not need, so that a phone
 * spends its first seconds of bandwidth and CPU on the page itself. (In this app the load event can
 * come before the data: the page's requests are made by its scripts.)
 */
export function whenIdleAfterLoad(run: () => void): void {
  const start = () => {
    const since = Date.now();
    let quietFrom = queryClient.isFetching() === 0 ? since : null;
    const check = () => {
      const now = Date.now();
      if (queryClient.isFetching() > 0) quietFrom = null;
      else quietFrom ??= now;
      if ((quietFrom !== null && now - quietFrom >= QUIET_MS) || now - since >= DATA_WAIT_MS) {
        if (typeof window.requestIdleCallback === 'function')
          window.requestIdleCallback(run, { timeout: 3000 });
        else window.setTimeout(run, 200);
        return;
      }
      window.setTimeout(check, 100);
    };
    window.setTimeout(check, 100);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** True once the page has loaded and been idle (whenIdleAfterLoad). */
export function useIdleAfterLoad(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setIdle(true)), []);
  return idle;
}

/**
 * A ref for an element and whether it has come within `margin` of the screen (true at once where
 * the browser cannot tell).
 */
export function useNearScreen<T extends Element>(margin = '400px'): [(el: T | null) => void, boolean] {
  const [near, setNear] = useState(false);
  const [el, ref] = useState<T | null>(null);
  useEffect(() => {
    if (!el || near) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [el, near, margin]);
  return [ref, near];
}
