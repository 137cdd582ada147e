import { useEffect, useRef } from 'react';

/** setTimeout's delay is a signed 32-bit number: longer waits are taken in steps of this. */
const MAX_WAIT_MS = 24 * 60 * 60 * 1000;
/** Fire a little after the boundary, so the server's clock has passed it too. */
export const BOUNDARY_SLACK_MS = 1000;

/** The first of `boundaries` (ISO times) still ahead of `now`, or null when all have passed. */
export function nextBoundary(boundaries: readonly string[], now: number): number | null {
  let next: number | null = null;
  for (const b of boundaries) {
    const at = Date.parse(b);
    if (Number.isFinite(at) && at > now && (next === null || at < next)) next = at;
  }
  return next;
}

/**
 * Calls `onBoundary` when the clock crosses one of `boundaries` (on the server's clock: the
 * browser's plus `clockOffsetMs`, as the countdown uses), e.g. to refetch a hackathon whose
 * registration window or phase the server decides. After a refetch the caller passes the new data
 * (and offset) and the next boundary is scheduled.
 */
export function useBoundaryRefresh(
  boundaries: readonly string[],
  clockOffsetMs: number,
  onBoundary: () => void,
) {
  const callback = useRef(onBoundary);
  callback.current = onBoundary;
  const key = boundaries.join('|');
  useEffect(() => {
    const list = key.split('|');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const now = Date.now() + clockOffsetMs;
      const next = nextBoundary(list, now);
      if (next === null) return;
      const wait = next - now + BOUNDARY_SLACK_MS;
      timer =
        wait > MAX_WAIT_MS
          ? setTimeout(schedule, MAX_WAIT_MS)
          : setTimeout(() => {
              callback.current();
              schedule(); // the next boundary, should the refetched data not change anything
            }, wait);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [key, clockOffsetMs]);
}
