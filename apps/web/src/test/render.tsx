import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { cssVariablesResolver, makeTheme } from '../app/theme';

/** Shows the router's current location so tests can assert navigation. */
export function LocationProbe() {
  const loc = useLocation();
  return <output data-testid="location">{loc.pathname + loc.search}</output>;
}

/**
 * Renders `ui` inside the app's providers (Mantine in test mode: no transitions or portals delays,
 * a fresh QueryClient without retries, a memory router at `route`).
 */
export function renderWithProviders(ui: ReactNode, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [route] },
  );
  const result = render(
    <MantineProvider theme={makeTheme('blue')} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}

export interface FetchCall {
  method: string;
  url: string;
  body?: unknown;
}

/**
 * Replaces fetch with a table of canned JSON answers keyed by "METHOD /path" (query ignored).
 * Unknown calls answer 404 in the CONTRACT error shape. Returns the list of calls made.
 */
export function mockFetch(routes: Record<string, { status?: number; body?: unknown }>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = (init?.method ?? 'GET').toUpperCase();
      const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!;
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const hit = routes[`${method} ${path}`];
      if (!hit) {
        return new Response(JSON.stringify({ error: 'Not found', message: 'Not found', code: 'NOT_FOUND' }), {
          status: 404,
        });
      }
      const status = hit.status ?? 200;
      return new Response(hit.body === undefined || status === 204 ? null : JSON.stringify(hit.body), {
        status,
      });
    }),
  );
  return calls;
}

export const testUser = {
  id: 'u1',
  _id: 'u1',
  name: 'Asha Rao',
  displayName: 'Asha',
  email: 'asha@example.com',
  role: 'user' as const,
  status: 'active' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
};
