import { whenIdleAfterLoad } from '../../lib/idle';

let loading: Promise<unknown> | null = null;
let portal: Promise<unknown> | null = null;

/**
 * The complete Mantine stylesheet, off the critical path of the first paint (styles/critical.ts has
 * what the landing needs). Lazy screens and overlays await it together with their own code, so they
 * never render unstyled. Retried on the next call if it failed (e.g. offline).
 */
export function loadFullStyles(): Promise<unknown> {
  loading ??= import('./full').catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

/**
 * What the portal pages' first screens need beyond the critical styles (styles/portal.ts, a few
 * KB). Once it is in, the complete stylesheet follows when the page is idle after its load, so a
 * phone spends its first seconds of bandwidth on the page itself; anything that opens later awaits
 * the complete stylesheet anyway (withFullStyles).
 */
export function loadPortalStyles(): Promise<unknown> {
  portal ??= import('./portal').then(
    (m) => {
      whenIdleAfterLoad(() => void loadFullStyles().catch(() => {}));
      return m;
    },
    (err) => {
      portal = null;
      throw err;
    },
  );
  return portal;
}

/** `lazy(() => withFullStyles(import('./x')))`: the module, once the full stylesheet is in. */
export async function withFullStyles<T>(module: Promise<T>): Promise<T> {
  const [m] = await Promise.all([module, loadFullStyles()]);
  return m;
}
