import { MSG } from '@agora/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getAuth } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { LoginPage } from './login-page';

function serve(login: { status?: number; body?: unknown }) {
  return mockApi({
    'GET /api/auth/config': { body: { googleClientId: null, sessionIdleMinutes: 30 } },
    'POST /api/auth/login': login,
  });
}
const fill = (email: string, password: string) => {
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
};

describe('/login form (@mantine/form, shared LoginBody)', () => {
  afterEach(() => clearSession());

  it('a blank field: the spec sentence, nothing sent', async () => {
    const calls = serve({ body: { token: 't', user: testUser } });
    renderWithProviders(<LoginPage />, { route: '/login' });
    fill('   ', 'secret');
    expect((await screen.findByTestId('login-error')).textContent).toBe(MSG.emailPasswordRequired);
    fill('asha@example.com', '');
    expect((await screen.findByTestId('login-error')).textContent).toBe(MSG.emailPasswordRequired);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('signs in with the trimmed e-mail and goes home', async () => {
    const calls = serve({ body: { token: 'tok', user: testUser } });
    renderWithProviders(<LoginPage />, { route: '/login' });
    fill(' asha@example.com ', 'secret');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      email: 'asha@example.com',
      password: 'secret',
    });
    expect(getAuth().token).toBe('tok');
  });

  it('an admin with nowhere saved to return to lands on the admin portal', async () => {
    serve({ body: { token: 'tok', user: { ...testUser, role: 'admin' } } });
    renderWithProviders(<LoginPage />, { route: '/login?role=admin' });
    fill('admin@example.com', 'secret');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin-portal'));
  });

  it("the server's refusal is shown above the form", async () => {
    serve({ status: 401, body: { error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' } });
    renderWithProviders(<LoginPage />, { route: '/login' });
    fill('asha@example.com', 'wrong');
    expect((await screen.findByTestId('login-error')).textContent).toBe('Invalid email or password');
  });
});
