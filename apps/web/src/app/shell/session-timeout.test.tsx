import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuth, setSession } from '../../lib/auth-store';
import { renderWithProviders, testUser } from '../../test/render';
import { mockApi } from '../../test/server';
import SessionTimeout from './session-timeout';

const SEC = 1000;

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function arrange(idleMinutes = 3) {
  const calls = mockApi({
    'GET /api/auth/config': { body: { googleClientId: null, sessionIdleMinutes: idleMinutes } },
    'GET /api/auth/me': { body: { user: testUser } },
    'POST /api/auth/keepalive': { status: 204 },
    'POST /api/auth/logout': { status: 204 },
  });
  setSession('tok', testUser);
  const view = renderWithProviders(<SessionTimeout />, { route: '/questions' });
  return { calls, ...view };
}

describe('SessionTimeout (spec 01 §4)', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('uses the server idle timeout: warns 2 minutes before it, counting down every second', async () => {
    arrange(3);
    await advance(0);
    await advance(59 * SEC);
    expect(screen.queryByText('Session Timeout Warning')).toBeNull();
    await advance(1 * SEC);
    expect(screen.getByText('Session Timeout Warning')).toBeTruthy();
    expect(screen.getByTestId('session-countdown').textContent).toBe('2:00');
    await advance(1 * SEC);
    expect(screen.getByTestId('session-countdown').textContent).toBe('1:59');
    await advance(4 * SEC);
    expect(screen.getByTestId('session-countdown').textContent).toBe('1:55');
  });

  it('Stay Logged In calls keepalive and closes the warning', async () => {
    const { calls } = arrange(3);
    await advance(61 * SEC);
    fireEvent.click(screen.getByRole('button', { name: 'Stay Logged In' }));
    await advance(0);
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/auth/keepalive')).toBe(true);
    await advance(1 * SEC);
    expect(screen.queryByText('Session Timeout Warning')).toBeNull();
    // the timer restarted: no warning again until a full minute of inactivity later
    await advance(50 * SEC);
    expect(screen.queryByText('Session Timeout Warning')).toBeNull();
    expect(getAuth().isLoggedIn).toBe(true);
  });

  it('user activity resets the timer', async () => {
    arrange(3);
    await advance(50 * SEC);
    fireEvent.keyDown(window, { key: 'a' });
    await advance(50 * SEC);
    expect(screen.queryByText('Session Timeout Warning')).toBeNull();
    await advance(11 * SEC);
    expect(screen.getByText('Session Timeout Warning')).toBeTruthy();
  });

  it('logs out on expiry: session cleared, server session revoked, back to /', async () => {
    const { calls } = arrange(3);
    await advance(3 * 60 * SEC);
    await advance(1 * SEC);
    expect(getAuth().isLoggedIn).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/auth/logout')).toBe(true);
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('Logout Now logs out at once', async () => {
    arrange(3);
    await advance(61 * SEC);
    fireEvent.click(screen.getByRole('button', { name: 'Logout Now' }));
    await advance(0); // the navigation to / completes, then the session is cleared
    expect(getAuth().isLoggedIn).toBe(false);
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('defaults to 20 minutes when the server does not say', async () => {
    mockApi({ 'GET /api/auth/me': { body: { user: testUser } } });
    setSession('tok', testUser);
    renderWithProviders(<SessionTimeout />);
    await advance(18 * 60 * SEC - 2 * SEC);
    expect(screen.queryByText('Session Timeout Warning')).toBeNull();
    await advance(2 * SEC);
    expect(screen.getByText('Session Timeout Warning')).toBeTruthy();
  });

  it('a token the server refuses on load signs the user out quietly', async () => {
    mockApi({
      'GET /api/auth/config': { body: { googleClientId: null, sessionIdleMinutes: 20 } },
      'GET /api/auth/me': {
        status: 401,
        body: {
          error: 'Your session has expired. Please sign in again.',
          message: 'x',
          code: 'UNAUTHORIZED',
        },
      },
    });
    setSession('tok', testUser);
    renderWithProviders(<SessionTimeout />);
    await advance(0);
    expect(getAuth().isLoggedIn).toBe(false);
  });
});
