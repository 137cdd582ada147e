import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { type ApiCall, mockApi } from '../../../test/server';
import { ProfilePage } from './profile-page';

const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT');

async function openEditor() {
  setSession('t', testUser as never);
  const calls = mockApi({
    'GET /api/users/me': { body: { user: testUser } },
    'PUT /api/users/me': (c) => ({ body: { user: { ...testUser, ...(c.body as object) } } }),
    'GET /api/users/me/activity': { body: { questions: 0, answers: 0, ideas: 0 } },
  });
  renderWithProviders(<ProfilePage />, { route: '/profile' });
  fireEvent.click(await screen.findByRole('button', { name: /Edit/ }));
  const name = screen.getByLabelText(/Full name/) as HTMLInputElement;
  const displayName = screen.getByLabelText(/Display name/) as HTMLInputElement;
  expect(name.value).toBe(testUser.name);
  expect(displayName.value).toBe(testUser.displayName);
  return {
    calls,
    name,
    displayName,
    save: () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })),
  };
}

describe('/profile edit form (@mantine/form, shared UpdateMeBody)', () => {
  afterEach(() => clearSession());

  it('a blank field: "Name and display name are required." and nothing is sent', async () => {
    const { calls, displayName, save } = await openEditor();
    fireEvent.change(displayName, { target: { value: '   ' } });
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('Name and display name are required.');
    expect(puts(calls)).toHaveLength(0);
  });

  it('a staff-like display name is refused on its field by the shared schema, nothing is sent', async () => {
    const { calls, displayName, save } = await openEditor();
    fireEvent.change(displayName, { target: { value: 'Administrator' } });
    save();
    await waitFor(() => expect(displayName.getAttribute('aria-invalid')).toBe('true'));
    expect(puts(calls)).toHaveLength(0);
  });

  it('saves the trimmed names, says so and leaves the editor', async () => {
    const { calls, name, displayName, save } = await openEditor();
    fireEvent.change(name, { target: { value: '  Asha R  ' } });
    fireEvent.change(displayName, { target: { value: ' Ash ' } });
    save();
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({ name: 'Asha R', displayName: 'Ash' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull());
  });
});
