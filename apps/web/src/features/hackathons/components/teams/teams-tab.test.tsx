import type { Hackathon, Team, TeamList, TeamRequest } from '@agora/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../../test/render';
import { mockApi } from '../../../../test/server';
import { TeamsTab } from './teams-tab';

const hackathon = {
  _id: 'h1',
  status: 'published',
  phase: 'open',
  isRegistered: true,
  isOrganizer: false,
  maxTeamSize: 4,
} as Hackathon;

const member = (id: string, displayName: string, role: 'captain' | 'member' = 'member') => ({
  id,
  displayName,
  role,
  joinedAt: '2026-11-20T10:00:00.000Z',
});

const team = (over: Partial<Team>): Team => ({
  _id: 't',
  hackathonId: 'h1',
  name: 'Team',
  members: [],
  maxSize: 4,
  full: false,
  lookingForMembers: true,
  skillsWanted: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const photon = team({
  _id: 't1',
  name: 'Photon',
  members: [member('u2', 'Ravi', 'captain')],
  skillsWanted: ['React'],
});
const quark = team({
  _id: 't2',
  name: 'Quark',
  members: [member('u3', 'Mei', 'captain')],
  skillsWanted: ['Rust'],
});

const request = (over: Partial<TeamRequest>): TeamRequest => ({
  _id: 'r',
  kind: 'join',
  status: 'pending',
  teamId: 't1',
  teamName: 'Photon',
  hackathonId: 'h1',
  user: null,
  email: null,
  message: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

beforeEach(() => setSession('token', testUser));
afterEach(() => clearSession());

describe('TeamsTab', () => {
  it('filters the board by skill and sends a join request to the chosen team', async () => {
    const calls = mockApi({
      'GET /api/hackathons/h1/teams': (c) => {
        const skill = new URL(c.url, 'http://x').searchParams.get('skill');
        const teams = skill ? [photon, quark].filter((t) => t.skillsWanted.includes(skill)) : [photon, quark];
        return { body: { teams, myRequests: [] } satisfies TeamList };
      },
      'POST /api/teams/t2/join-requests': {
        status: 201,
        body: { request: request({ teamId: 't2', teamName: 'Quark' }) },
      },
    });
    renderWithProviders(<TeamsTab hackathon={hackathon} />);
    const board = await screen.findAllByTestId('team-card');
    expect(board.map((c) => c.getAttribute('aria-label'))).toEqual(['Photon', 'Quark']);
    expect(screen.getByRole('heading', { name: 'Create a team' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Filter by skill'), { target: { value: 'React' } });
    await waitFor(() => expect(screen.getAllByTestId('team-card')).toHaveLength(1));
    expect(screen.getByTestId('team-card').getAttribute('aria-label')).toBe('Photon');
    expect(calls.some((c) => c.url === '/api/hackathons/h1/teams?skill=React')).toBe(true);

    fireEvent.change(screen.getByLabelText('Filter by skill'), { target: { value: '' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Request to join Quark' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/teams/t2/join-requests')).toBe(true),
    );
  });

  it('a captain sees their team, accepts a join request and invites by e-mail; no create form', async () => {
    const mine = team({
      _id: 't9',
      name: 'Neutrino',
      members: [member('u1', 'Asha', 'captain'), member('u4', 'Kofi')],
      requests: [
        request({ _id: 'r1', teamId: 't9', teamName: 'Neutrino', user: { id: 'u5', displayName: 'Lena' } }),
      ],
    });
    const calls = mockApi({
      'GET /api/hackathons/h1/teams': { body: { teams: [mine], myRequests: [] } },
      'POST /api/team-requests/r1/accept': { body: { team: mine } },
      'POST /api/teams/t9/invites': {
        status: 201,
        body: { request: request({ kind: 'invite', teamId: 't9', email: 'zoe@example.com' }) },
      },
    });
    renderWithProviders(<TeamsTab hackathon={hackathon} />);
    const panel = await screen.findByTestId('your-team');
    expect(within(panel).getByRole('heading', { name: 'Your team: Neutrino' })).toBeTruthy();
    expect(within(panel).getByText('2/4 members')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Create a team' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Request to join/ })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Accept Lena' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/team-requests/r1/accept')).toBe(true));

    fireEvent.change(within(panel).getByLabelText('Invite by e-mail'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Invite' }));
    expect(calls.some((c) => c.url === '/api/teams/t9/invites')).toBe(false);

    fireEvent.change(within(panel).getByLabelText('Invite by e-mail'), {
      target: { value: 'zoe@example.com' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Invite' }));
    await waitFor(() => {
      const invite = calls.find((c) => c.url === '/api/teams/t9/invites');
      expect(invite?.body).toEqual({ email: 'zoe@example.com' });
    });
  });

  it('an invitation waiting for the viewer can be accepted', async () => {
    const calls = mockApi({
      'GET /api/hackathons/h1/teams': {
        body: {
          teams: [photon],
          myRequests: [request({ _id: 'r7', kind: 'invite', email: 'asha@example.com' })],
        },
      },
      'POST /api/team-requests/r7/accept': { body: { team: photon } },
    });
    renderWithProviders(<TeamsTab hackathon={hackathon} />);
    expect(await screen.findByText('Photon invited you to join')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation of Photon' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/team-requests/r7/accept')).toBe(true));
  });
});
