import { MSG } from '@agora/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { ContactPage } from './contact-page';

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const send = () => fireEvent.click(screen.getByRole('button', { name: /Send/ }));

describe('/contact form (@mantine/form, shared ContactBody)', () => {
  it('required fields, then a bad e-mail: the spec sentences, nothing sent', async () => {
    const calls = mockApi({});
    renderWithProviders(<ContactPage />, { route: '/contact' });
    fireEvent.change(field(/^Name/), { target: { value: 'Asha' } });
    fireEvent.change(field(/^Email/), { target: { value: 'asha@example.com' } });
    fireEvent.change(field(/^Message/), { target: { value: '   ' } });
    send();
    expect((await screen.findByTestId('contact-status')).textContent).toBe(MSG.contactRequired);
    fireEvent.change(field(/^Email/), { target: { value: 'not-an-email' } });
    fireEvent.change(field(/^Message/), { target: { value: 'Hello' } });
    send();
    await waitFor(() =>
      expect(screen.getByTestId('contact-status').textContent).toBe('Please enter a valid email address'),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the trimmed message, thanks and empties the form', async () => {
    const calls = mockApi({
      'POST /api/contact': { status: 201, body: { success: true, message: 'ok', _id: 'c1' } },
    });
    renderWithProviders(<ContactPage />, { route: '/contact' });
    fireEvent.change(field(/^Name/), { target: { value: ' Asha ' } });
    fireEvent.change(field(/^Email/), { target: { value: 'asha@example.com' } });
    fireEvent.change(field(/^Subject/), { target: { value: 'Hi' } });
    fireEvent.change(field(/^Message/), { target: { value: ' Hello there ' } });
    send();
    expect((await screen.findByTestId('contact-status')).textContent).toBe(MSG.contactSuccess);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      subject: 'Hi',
      category: '',
      message: 'Hello there',
    });
    expect(field(/^Message/).value).toBe('');
  });
});
