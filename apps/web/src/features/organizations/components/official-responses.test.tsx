import type { IdeaResponse, Organization } from '@agora/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { OfficialResponses } from './official-responses';
import { ResponseForm } from './response-form';

const org = {
  _id: '6a1f7a43-4a0e-4d5c-9a57-0d1b7c6f1e11',
  name: 'Pune Water Board',
  kind: 'government' as const,
  verified: true,
};
const response: IdeaResponse = {
  _id: 'r1',
  ideaId: 'i1',
  organization: org,
  status: 'adopted',
  message: 'We will pilot this in Ward 7.',
  responder: { id: 'm1', displayName: 'Officer Rao' },
  verified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const membership: Organization = {
  ...org,
  id: '6a1f7a43-4a0e-4d5c-9a57-0d1b7c6f1e11',
  domain: 'punewater.gov.in',
  verifiedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  memberCount: 1,
  isMember: true,
};

beforeEach(() => setSession('token', testUser as never));
afterEach(() => clearSession());

describe('official responses', { timeout: 30_000 }, () => {
  it('shows the organisation, its verified mark, the status and the message', () => {
    renderWithProviders(<OfficialResponses responses={[response]} />);
    expect(screen.getByText('Pune Water Board')).toBeTruthy();
    expect(screen.getByLabelText('Verified organisation')).toBeTruthy();
    expect(screen.getByText('Adopted')).toBeTruthy();
    expect(screen.getByText('We will pilot this in Ward 7.')).toBeTruthy();
  });

  it('offers the form only to members of a tagged organisation, and posts the response', async () => {
    const onResponded = vi.fn();
    const calls = mockApi({
      'GET /api/organizations/mine': { body: [membership] },
      'POST /api/ideas/i1/responses': { status: 201, body: response },
    });
    renderWithProviders(<ResponseForm ideaId="i1" tagged={[org]} onResponded={onResponded} />);
    fireEvent.change(await screen.findByLabelText(/Message/), {
      target: { value: 'We will pilot this in Ward 7.' },
    });
    fireEvent.click(screen.getByPlaceholderText('Choose a status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Adopted' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish response' }));
    await waitFor(() => expect(onResponded).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      organizationId: '6a1f7a43-4a0e-4d5c-9a57-0d1b7c6f1e11',
      status: 'adopted',
      message: 'We will pilot this in Ward 7.',
    });
  });

  it('shows no form to someone who is not a member of a tagged organisation', async () => {
    const calls = mockApi({ 'GET /api/organizations/mine': { body: [] } });
    renderWithProviders(<ResponseForm ideaId="i1" tagged={[org]} onResponded={() => {}} />);
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByRole('button', { name: 'Publish response' })).toBeNull();
  });
});
