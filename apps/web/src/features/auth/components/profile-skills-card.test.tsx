import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { PROFILE_SAVED, ProfileSkillsCard } from './profile-skills-card';
import { ResumeCard } from './resume-card';

const me = {
  ...testUser,
  headline: 'Backend engineer',
  company: 'Acme',
  location: null,
  level: null,
  skills: ['Go'],
  inferredSkills: ['JavaScript', 'PostgreSQL'],
  resume: {
    originalName: 'cv.pdf',
    size: 2048,
    mimetype: 'application/pdf',
    uploadedAt: '2026-01-02T00:00:00.000Z',
  },
};

describe('the professional profile card', () => {
  afterEach(() => clearSession());

  it('suggests skills jobs ask for as the user types, and saves the profile', async () => {
    setSession('t', testUser as never);
    let user = { ...me };
    const calls = mockApi({
      'GET /api/users/skill-suggestions': (c) => ({
        body: {
          skills: new URL(c.url, 'http://x').searchParams.get('q') === 'Ku' ? ['Kubernetes'] : ['Docker'],
        },
      }),
      'PUT /api/users/me': (c) => {
        user = { ...user, ...(c.body as object) };
        return { body: { user } };
      },
    });
    renderWithProviders(<ProfileSkillsCard user={me} />);
    const skills = screen.getByPlaceholderText('Add a skill');
    // Mantine takes only typing into the focused input as a search (not autofill).
    skills.focus();
    fireEvent.change(skills, { target: { value: 'Ku' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Kubernetes' }));
    // A repeat typed in another case is dropped.
    skills.focus();
    fireEvent.change(skills, { target: { value: 'go' } });
    fireEvent.keyDown(skills, { key: 'Enter' });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Pune' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      headline: 'Backend engineer',
      company: 'Acme',
      location: 'Pune',
      level: null,
      skills: ['Go', 'Kubernetes'],
    });
    expect(await screen.findByText(PROFILE_SAVED)).toBeTruthy();
  });

  it('refuses a skill over 40 characters on its field, without saving', async () => {
    setSession('t', testUser as never);
    const calls = mockApi({ 'GET /api/users/skill-suggestions': { body: { skills: [] } } });
    renderWithProviders(<ProfileSkillsCard user={{ ...me, skills: [] }} />);
    const skills = screen.getByPlaceholderText('Add a skill');
    skills.focus();
    fireEvent.change(skills, { target: { value: 'x'.repeat(41) } });
    fireEvent.keyDown(skills, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/at most 40 characters/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});

describe('the résumé card', () => {
  afterEach(() => clearSession());

  it('shows the stored file and the skills found in it, each removable', async () => {
    setSession('t', testUser as never);
    const calls = mockApi({
      'DELETE /api/users/me/inferred-skills/PostgreSQL': {
        body: { user: { ...me, inferredSkills: ['JavaScript'] } },
      },
    });
    renderWithProviders(<ResumeCard user={me} />);
    expect(screen.getByTestId('resume-name').textContent).toBe('cv.pdf');
    expect(screen.getByText(/count toward job matching/)).toBeTruthy();
    const chips = screen.getByTestId('inferred-skills');
    expect(within(chips).getByText('JavaScript')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove PostgreSQL' }));
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
        'DELETE /api/users/me/inferred-skills/PostgreSQL',
      ]),
    );
  });

  it('says what a user without a résumé can do', () => {
    setSession('t', testUser as never);
    mockApi({});
    renderWithProviders(<ResumeCard user={{ ...me, resume: null, inferredSkills: [] }} />);
    expect(screen.getByRole('button', { name: 'Upload résumé' })).toBeTruthy();
    expect(screen.queryByText('Skills found in your résumé')).toBeNull();
  });
});
