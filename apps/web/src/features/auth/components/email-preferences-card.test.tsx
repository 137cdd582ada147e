import { EMAIL_PREFERENCE_TEXT } from '@agora/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { ProfilePage } from '../pages/profile-page';

function setup(over: { emailNotifications?: boolean; emailReminders?: boolean } = {}) {
  setSession('t', testUser as never);
  let user = { ...testUser, emailNotifications: true, emailReminders: true, ...over };
  const calls = mockApi({
    'GET /api/users/me': () => ({ body: { user } }),
    'PUT /api/users/me': (c) => {
      user = { ...user, ...(c.body as object) };
      return { body: { user } };
    },
    'GET /api/users/me/followed-categories': () => ({ body: { categories: [] } }),
    'GET /api/job-alerts': () => ({ body: { alerts: [] } }),
  });
  renderWithProviders(<ProfilePage />, { route: '/profile' });
  return calls;
}

const toggle = async (name: string) => (await screen.findByRole('switch', { name })) as HTMLInputElement;

describe('/profile: e-mail settings', () => {
  afterEach(() => clearSession());

  it('shows both preferences on, and turning reminders off saves emailReminders: false only', async () => {
    const calls = setup();
    const notes = await toggle(EMAIL_PREFERENCE_TEXT.notificationsLabel);
    const reminders = await toggle(EMAIL_PREFERENCE_TEXT.remindersLabel);
    await waitFor(() => expect(reminders.checked).toBe(true));
    expect(notes.checked).toBe(true);
    // The hint describes the switch; it is not part of its name.
    expect(document.getElementById(reminders.getAttribute('aria-describedby')!)?.textContent).toBe(
      EMAIL_PREFERENCE_TEXT.remindersHint,
    );
    fireEvent.click(reminders);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ emailReminders: false });
    await waitFor(() => expect(reminders.checked).toBe(false));
    expect(notes.checked).toBe(true);
  });

  it('shows what an unsubscribe link turned off, and turns it back on', async () => {
    const calls = setup({ emailNotifications: false });
    const notes = await toggle(EMAIL_PREFERENCE_TEXT.notificationsLabel);
    await waitFor(() => expect(notes.checked).toBe(false));
    fireEvent.click(notes);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ emailNotifications: true }),
    );
    await waitFor(() => expect(notes.checked).toBe(true));
    expect(screen.getByText(EMAIL_PREFERENCE_TEXT.essential)).toBeTruthy();
  });
});
