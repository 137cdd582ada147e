import { MSG } from '@agora/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getAuth } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { server } from '../../../test/server';
import { GoogleSignIn } from './google-sign-in';

type Callback = (r: { credential?: string }) => Promise<void> | void;

/** Google's script, stubbed: the test fires its load and holds the callback Google would call. */
async function setup() {
  let callback: Callback | undefined;
  const id = {
    initialize: vi.fn((o: { callback: Callback }) => {
      callback = o.callback;
    }),
    renderButton: vi.fn(),
  };
  (window as unknown as { google: unknown }).google = { accounts: { id } };
  const onSignedIn = vi.fn();
  renderWithProviders(<GoogleSignIn clientId="cid" onSignedIn={onSignedIn} />);
  const script = document.head.querySelector<HTMLScriptElement>('script[src*="accounts.google.com"]');
  script?.onload?.(new Event('load'));
  await waitFor(() => expect(id.initialize).toHaveBeenCalled());
  const google = async (r: { credential?: string }) => {
    await act(async () => {
      await callback?.(r);
    });
  };
  return { onSignedIn, google };
}

describe('GoogleSignIn', { timeout: 30_000 }, () => {
  afterEach(() => {
    clearSession();
    delete (window as unknown as { google?: unknown }).google;
  });

  it("sends Google's ID token, starts the session and reports the sign-in", async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/google', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ token: 'jwt', user: testUser });
      }),
    );
    const { onSignedIn, google } = await setup();
    await google({ credential: 'google-token' });
    expect(body).toEqual({ id_token: 'google-token' });
    expect(onSignedIn).toHaveBeenCalledWith({ token: 'jwt', user: testUser });
    expect(getAuth().isLoggedIn).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal as 'Login failed: …' and starts no session", async () => {
    server.use(
      http.post('/api/auth/google', () =>
        HttpResponse.json(
          { error: 'Invalid Google token', message: 'Invalid Google token' },
          { status: 401 },
        ),
      ),
    );
    const { onSignedIn, google } = await setup();
    await google({ credential: 'bad' });
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed: Invalid Google token');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(getAuth().isLoggedIn).toBe(false);
  });

  it('a callback without a credential says Google sign-in failed and sends nothing', async () => {
    const { onSignedIn, google } = await setup();
    await google({});
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.googleLoginFailed);
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
