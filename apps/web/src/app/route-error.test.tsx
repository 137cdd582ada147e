import { MSG } from '@agora/shared';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RootRouteError, RouteError, UNEXPECTED_ERROR } from './route-error';

function Boom(): never {
  throw new Error('kaput');
}

describe('router error screen', () => {
  it('uses the spec sentence', () => {
    expect(UNEXPECTED_ERROR).toBe(MSG.unexpectedError);
  });

  it('shows the spec title, the error and a way home when a page throws', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', Component: Boom, ErrorBoundary: RouteError }]);
    render(
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { name: MSG.unexpectedError })).toBeTruthy();
    expect(screen.getByText('kaput')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    spy.mockRestore();
  });

  it('works without the shell (its own theme provider) when the shell itself failed', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', Component: Boom, ErrorBoundary: RootRouteError }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: MSG.unexpectedError })).toBeTruthy();
    spy.mockRestore();
  });

  it('explains a missing chunk after a deploy', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([
      {
        path: '/',
        lazy: async () => {
          throw new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
        },
        ErrorBoundary: RouteError,
      },
    ]);
    render(
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(await screen.findByText(/A newer version of Agora is available/)).toBeTruthy();
    spy.mockRestore();
  });
});
