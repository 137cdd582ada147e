let loading: Promise<unknown> | null = null;

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

/** `lazy(() => withFullStyles(import('./x')))`: the module, once the full stylesheet is in. */
export async function withFullStyles<T>(module: Promise<T>): Promise<T> {
  const [m] = await Promise.all([module, loadFullStyles()]);
  return m;
}
