import { Notifications } from '@mantine/notifications';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { SignupPage } from './signup-page';

describe('SignupPage', { timeout: 30_000 }, () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('welcomes the new member by name with a next step for the role chosen', async () => {
    mockApi({
      'POST /api/auth/signup': {
        status: 201,
        body: {
          token: 't',
          user: { ...testUser, name: 'Ravi Kumar', displayName: 'Ravi Kumar', role: 'questioner' },
        },
      },
    });
    const { router } = renderWithProviders(
      <>
        <Notifications />
        <SignupPage />
      </>,
      { route: '/signup?role=questioner' },
    );
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: 'Ravi Kumar' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ravi@example.com' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'a-long-passphrase-9' } });
    fireEvent.click(screen.getByRole('button', { name: /Sign up|Create/ }));
    expect(await screen.findByText('Welcome to Agora, Ravi!')).toBeTruthy();
    const next = screen.getByRole('link', { name: 'Ask your first question' });
    expect(next.getAttribute('href')).toBe('/ask-question');
    expect(router.state.location.pathname).toBe('/');
  });
});
