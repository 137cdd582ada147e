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
export function whenIdleAfterLoad(run: () => void): () => void {
  // Cancelling stops the wait: a screen that goes away (or a test's page torn down) leaves no timer
  // polling a window that is gone.
  let cancelled = false;
  let timer: number | undefined;
  let idleHandle: number | undefined;
  const start = () => {
    if (cancelled) return;
    const since = Date.now();
    let quietFrom = queryClient.isFetching() === 0 ? since : null;
    const check = () => {
      if (cancelled || typeof window === 'undefined') return;
      const now = Date.now();
      if (queryClient.isFetching() > 0) quietFrom = null;
      else quietFrom ??= now;
      if ((quietFrom !== null && now - quietFrom >= QUIET_MS) || now - since >= DATA_WAIT_MS) {
        if (typeof window.requestIdleCallback === 'function')
          idleHandle = window.requestIdleCallback(run, { timeout: 3000 });
        else timer = window.setTimeout(run, 200);
        return;
      }
      timer = window.setTimeout(check, 100);
    };
    timer = window.setTimeout(check, 100);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    cancelled = true;
    if (typeof window === 'undefined') return;
    window.removeEventListener('load', start);
    if (timer !== undefined) window.clearTimeout(timer);
    if (idleHandle !== undefined && typeof window.cancelIdleCallback === 'function')
      window.cancelIdleCallback(idleHandle);
  };
}

/** True once the page has loaded and been idle (whenIdleAfterLoad). */
export function useIdleAfterLoad(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setIdle(true)), []); // the cleanup cancels the wait
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
