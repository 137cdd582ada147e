/**
 * Work put off to the end of the current turn of the event loop (setImmediate), run then in the
 * order it was queued. The response cache answers its hits this way: back to back after
 * the turn that read their requests, instead of one between each request's processing. The peer
 * reading them on the same machine (a load balancer, a proxy, a load generator) then wakes once
 * for the burst, not once per response, and the socket write — which pays for that wake-up — costs
 * about half: a cached list's server CPU about 58 → 37 µs per request (BENCHMARKS.md, "What the main pieces buy").
 *
 * Nothing waits longer than its turn, nor more than `maxWaitMs` after the oldest queued item: an
 * item queued later than that runs the batch at once, so a long turn does not hold the first
 * response for all the others.
 */
export function turnEnd(
  onError: (err: unknown) => void,
  maxWaitMs = 0.5,
  now: () => number = performance.now.bind(performance),
): (fn: () => void) => void {
  let queued: Array<() => void> = [];
  let oldest = 0;
  let scheduled = false;
  const run = () => {
    const batch = queued;
    queued = [];
    for (const fn of batch) {
      // One failure must not strand the rest of the burst.
      try {
        fn();
      } catch (err) {
        onError(err);
      }
    }
  };
  const atEnd = () => {
    scheduled = false;
    run();
  };
  return (fn) => {
    if (queued.push(fn) === 1) oldest = now();
    else if (now() - oldest >= maxWaitMs) return run();
    if (!scheduled) {
      scheduled = true;
      setImmediate(atEnd);
    }
  };
}
