/**
 * Scroll positions are remembered per history entry (React Router's <ScrollRestoration /> in the
 * root layout). The router keys the entry a document was opened on as "default" whatever its URL,
 * so every freshly opened page (a typed address, a link from outside, a new tab) shared one saved
 * position: scroll to the bottom of /ideas, open /jobhubs, and it opened near the footer. Giving
 * such an entry a key of its own in history.state fixes that: a reload and Back/Forward keep the
 * state (and so the position), a newly opened address has none and opens at the top.
 */
export function keyFreshHistoryEntry(win: Window = window): void {
  const state = win.history.state as { key?: unknown; usr?: unknown; idx?: unknown } | null;
  if (state && typeof state.key === 'string' && state.key) return;
  const key = Math.random().toString(36).slice(2, 10);
  win.history.replaceState({ usr: state?.usr ?? null, idx: state?.idx ?? 0, ...(state ?? {}), key }, '');
  // Until the router takes over (it sets "manual" once mounted), the browser must not put a new
  // document at a remembered offset either.
  win.history.scrollRestoration = 'manual';
}
