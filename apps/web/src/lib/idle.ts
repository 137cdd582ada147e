import { useEffect, useState } from 'react';

/**
 * Runs `run` once the page has loaded and the main thread is idle (at most 3 s after the load):
 * for what a page's first screen does not need, so that a phone spends its first seconds of
 * bandwidth and CPU on the page itself.
 */
export function whenIdleAfterLoad(run: () => void): void {
  const idle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(run, { timeout: 3000 })
      : window.setTimeout(run, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** True once the page has loaded and been idle (whenIdleAfterLoad). */
export function useIdleAfterLoad(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setIdle(true)), []);
  return idle;
}
