import { NAME_TEXT } from '@agora/shared';
import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
    // Signed up as a Questioner: lands on the questioner portal, not the portals home.
    expect(router.state.location.pathname).toBe('/questioner-portal');
  });

  it('checks every field with the shared SignupBody, on its field, and sends nothing', async () => {
    const calls = mockApi({});
    renderWithProviders(<SignupPage />, { route: '/signup' });
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: 'Administrator' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: /Sign up|Create/ }));
    expect(await screen.findByText('This name is reserved. Please choose another one.')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    // Typing in a field clears its error.
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'not-an-email' } });
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('refuses a name with a text-direction or zero-width character with the server’s message', async () => {
    const calls = mockApi({});
    renderWithProviders(<SignupPage />, { route: '/signup' });
    // Drawn as "Administrator" by the right-to-left override.
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: '\u202erotartsinimdA' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'a-long-passphrase-9' } });
    fireEvent.click(screen.getByRole('button', { name: /Sign up|Create/ }));
    expect(await screen.findByText(NAME_TEXT.hidden)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: 'Ａｄｍ\u200bｉｎ' } });
    fireEvent.click(screen.getByRole('button', { name: /Sign up|Create/ }));
    expect(await screen.findByText(NAME_TEXT.reserved)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the role chosen on the page and the trimmed fields', async () => {
    const calls = mockApi({
      'POST /api/auth/signup': { status: 201, body: { token: 't', user: { ...testUser, role: 'answerer' } } },
    });
    renderWithProviders(<SignupPage />, { route: '/signup' });
    fireEvent.click(screen.getByText('Answerer'));
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: ' Asha Rao ' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'a-long-passphrase-9' } });
    fireEvent.click(screen.getByRole('button', { name: /Sign up|Create/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Asha Rao',
      email: 'asha@example.com',
      password: 'a-long-passphrase-9',
      role: 'answerer',
    });
  });
});
