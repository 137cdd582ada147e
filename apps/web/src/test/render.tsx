import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
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
