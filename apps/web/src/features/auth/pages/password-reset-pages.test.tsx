import { AUTH_TEXT } from '@agora/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';

describe('password reset screens', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('the login page offers "Forgot password?"', async () => {
    mockApi({ 'GET /api/auth/config': { body: { googleClientId: null, sessionIdleMinutes: 20 } } });
    renderWithProviders(<LoginPage />, { route: '/login' });
    const link = await screen.findByRole('link', { name: 'Forgot password?' });
    expect(link.getAttribute('href')).toBe('/forgot-password');
  });

  it('asks for a valid e-mail, then shows the server’s answer', async () => {
    const calls = mockApi({
      'POST /api/auth/forgot-password': { body: { message: AUTH_TEXT.forgotSent } },
    });
    renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    const email = screen.getByLabelText(/Email/);
    fireEvent.change(email, { target: { value: 'not an email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(email, { target: { value: ' Me@Example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(AUTH_TEXT.forgotSent)).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: 'Me@Example.com' });
  });

  it('a link without a token says so and offers a new one', async () => {
    mockApi({});
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password' });
    expect(await screen.findByText(AUTH_TEXT.resetInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByRole('button', { name: 'Set new password' })).toBeNull();
  });

  it('refuses two different passwords, then sends the token and the new password', async () => {
    const calls = mockApi({ 'POST /api/auth/reset-password': { body: { message: AUTH_TEXT.resetDone } } });
    renderWithProviders(
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </Routes>,
      { route: '/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789' },
    );
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'a new passphrase' } });
    fireEvent.change(screen.getByLabelText(/Repeat the new password/), { target: { value: 'another one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(AUTH_TEXT.passwordsDiffer)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Repeat the new password/), {
      target: { value: 'a new passphrase' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(AUTH_TEXT.resetDone)).toBeTruthy();
    await waitFor(() =>
      expect(calls[0]?.body).toEqual({
        token: 'abcdefghijklmnopqrstuvwxyz0123456789',
        password: 'a new passphrase',
      }),
    );
  });
});
