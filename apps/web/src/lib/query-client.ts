import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { getAuth, subscribeAuth } from './auth-store';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    },
  },
});

/**
 * What the server answers depends on who asks (liked and followed flags, which answers are
 * visible, a question only its author may see). When the signed-in person changes — sign-in,
 * sign-out, a 401, another tab — nothing cached for the previous one may be shown: every query
 * is reset, and the ones on screen fetch again as the new caller.
 */
const whoAsks = () => getAuth().user?.id ?? '';
let cachedFor = whoAsks();
subscribeAuth(() => {
  const next = whoAsks();
  if (next === cachedFor) return;
  cachedFor = next;
  void queryClient.resetQueries();
});

/**
 * Other windows of the app (the ask-question window and the Inquiry Space that opened it, other
 * tabs) cache the same lists. A change made here is announced on a same-origin channel and each
 * of them invalidates what it holds under that key, so the new question shows up over there too.
 */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('agora-queries');
channel?.addEventListener('message', (e: MessageEvent<{ invalidate?: unknown }>) => {
  const key = e.data?.invalidate;
  if (Array.isArray(key) && key.every((k) => typeof k === 'string')) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
});

/** Tells every other open window of the app to invalidate `key` (this one invalidates its own). */
export function invalidateInOtherWindows(key: readonly string[]): void {
  channel?.postMessage({ invalidate: [...key] });
}
