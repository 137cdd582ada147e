import type { CollaborationRequest, IdeaDetail } from '@agora/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { IdeaCollaboration } from './idea-collaboration';
import { bountyLink, hackathonLink, IdeaNextSteps } from './idea-next-steps';

const author = { id: 'a1', displayName: 'Meera' };
const idea = (over: Partial<IdeaDetail> = {}): IdeaDetail =>
  ({
    _id: 'i1',
    id: 'i1',
    title: 'Neighbourhood tool library',
    description: 'Lend drills & ladders',
    category: 'Technology',
    hidden: false,
    author,
    team: [],
    organizations: [],
    responses: [],
    bounties: [],
    hackathons: [],
    ...over,
  }) as IdeaDetail;

const request = (over: Partial<CollaborationRequest> = {}): CollaborationRequest => ({
  _id: 'r1',
  ideaId: 'i1',
  user: { id: 'u9', displayName: 'Ravi' },
  role: 'mentor',
  message: 'I ran one for five years',
  status: 'pending',
  createdAt: '2026-01-01T00:00:00.000Z',
  decidedAt: null,
  ...over,
});

beforeEach(() => setSession('token', testUser as never));
afterEach(() => clearSession());

describe('IdeaCollaboration', { timeout: 30_000 }, () => {
  it('sends a request to join as a mentor with a message, then says it is waiting', async () => {
    const calls = mockApi({
      'GET /api/ideas/i1/collaboration-requests/mine': { body: { request: null } },
      'POST /api/ideas/i1/collaboration-requests': ({ body }) => ({
        status: 201,
        body: request({ user: { id: testUser.id, displayName: testUser.displayName }, ...(body as object) }),
      }),
    });
    renderWithProviders(<IdeaCollaboration idea={idea()} viewerId={testUser.id} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Join this idea' }));
    fireEvent.click(screen.getByText('Mentor'));
    fireEvent.change(screen.getByLabelText('Message to the author'), { target: { value: 'Happy to help' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join as mentor' }));
    expect(await screen.findByTestId('join-pending')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      role: 'mentor',
      message: 'Happy to help',
    });
  });

  it('shows the author the requests; Accept answers the request', async () => {
    const calls = mockApi({
      'GET /api/ideas/i1/collaboration-requests': { body: [request()] },
      'POST /api/collaboration-requests/r1/accept': { body: request({ status: 'accepted' }) },
      'GET /api/ideas/i1': { body: idea() },
    });
    renderWithProviders(
      <IdeaCollaboration
        idea={idea({ author: { id: testUser.id, displayName: testUser.displayName } })}
        viewerId={testUser.id}
      />,
    );
    expect(await screen.findByText('I ran one for five years')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join this idea' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.url === '/api/collaboration-requests/r1/accept'),
      ).toBe(true),
    );
  });

  it('lists the team with roles, and a member can leave', async () => {
    const calls = mockApi({ 'DELETE /api/ideas/i1/team/me': { status: 204 } });
    renderWithProviders(
      <IdeaCollaboration
        idea={idea({ team: [{ id: testUser.id, displayName: 'Asha', role: 'expert' }] })}
        viewerId={testUser.id}
      />,
    );
    expect(screen.getByText('Asha · Expert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave the team' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});

describe('Offer a bounty', () => {
  it('opens the ask form with the idea’s title, description, category and id', () => {
    const url = new URL(bountyLink(idea()), 'http://x');
    expect(url.pathname).toBe('/ask-question');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      ideaId: 'i1',
      title: 'Neighbourhood tool library',
      description: 'Lend drills & ladders',
      category: 'Technology',
    });
  });
});

describe('Propose as a hackathon challenge', () => {
  it('opens the organiser form with the idea’s title, description and id', () => {
    const url = new URL(hackathonLink(idea()), 'http://x');
    expect(url.pathname).toBe('/conduct-hackathon');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      ideaId: 'i1',
      title: 'Neighbourhood tool library',
      description: 'Lend drills & ladders',
    });
  });

  it('sits beside “Offer a bounty” for signed-in people, and lists each hackathon as a link to it', () => {
    mockApi({});
    renderWithProviders(
      <IdeaNextSteps
        idea={idea({ hackathons: [{ _id: 'h1', title: 'Tool library hackathon', status: 'published' }] })}
        signedIn
      />,
    );
    expect(screen.getByRole('link', { name: 'Offer a bounty' })).toBeTruthy();
    const propose = screen.getByRole('link', { name: 'Propose as a hackathon challenge' });
    expect(propose.getAttribute('href')).toBe(hackathonLink(idea()));
    const listed = screen.getByRole('link', { name: 'Tool library hackathon' });
    expect(listed.getAttribute('href')).toBe('/hackathon/h1');
    expect(screen.getByTestId('idea-hackathon').textContent).toContain('Hackathon · published');
  });

  it('is not offered to visitors, nor on a hidden idea', () => {
    mockApi({});
    const { unmount } = renderWithProviders(<IdeaNextSteps idea={idea()} signedIn={false} />);
    expect(screen.queryByRole('link', { name: 'Propose as a hackathon challenge' })).toBeNull();
    unmount();
    renderWithProviders(<IdeaNextSteps idea={idea({ hidden: true })} signedIn />);
    expect(screen.queryByRole('link', { name: 'Propose as a hackathon challenge' })).toBeNull();
  });
});
