import type { AppContext } from '../context.js';

/**
 * A service factory wired once per application context: the first call builds the service, later
 * calls (every run of a periodic task) reuse it. Keyed weakly, so a context that is gone (a test's
 * app) takes its services with it.
 */
export function perContext<T>(factory: (ctx: AppContext) => T): (ctx: AppContext) => T {
  const built = new WeakMap<AppContext, T>();
  return (ctx) => {
    let service = built.get(ctx);
    if (service === undefined) {
      service = factory(ctx);
      built.set(ctx, service);
    }
    return service;
  };
}
