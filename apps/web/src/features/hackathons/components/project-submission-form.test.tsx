import type { HackathonSubmission } from '@agora/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ProjectSubmissionForm } from './project-submission-form';

const saved: HackathonSubmission = {
  _id: 's1',
  userId: 'u1',
  teamName: 'Team Photon',
  projectTitle: 'Light Router',
  projectDescription: 'Routes light.',
  projectUrl: 'https://photon.example.com',
  githubUrl: 'https://github.com/photon/router',
  demoUrl: null,
  fileUrl: '/api/hackathons/h1/submissions/s1/file',
  fileName: 'slides.pdf',
  teamMembers: [],
  status: 'participant',
  submittedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const value = (label: string) => (screen.getByLabelText(label, { exact: false }) as HTMLInputElement).value;

describe('ProjectSubmissionForm', () => {
  it('starts empty for a first submission', () => {
    renderWithProviders(<ProjectSubmissionForm hackathonId="h1" />);
    expect(screen.getByRole('heading', { name: 'Submit Your Project' })).toBeTruthy();
    expect(value('Team Name')).toBe('');
    expect(value('Project URL')).toBe('');
  });

  it('starts from the saved submission when updating, so its links are not silently dropped', () => {
    renderWithProviders(<ProjectSubmissionForm hackathonId="h1" submission={saved} />);
    expect(screen.getByRole('heading', { name: 'Update Your Submission' })).toBeTruthy();
    expect(value('Team Name')).toBe('Team Photon');
    expect(value('Project Title')).toBe('Light Router');
    expect(value('Project URL')).toBe('https://photon.example.com');
    expect(value('GitHub')).toBe('https://github.com/photon/router');
    expect(value('Demo')).toBe('');
    expect(screen.getByText(/your file slides\.pdf is kept unless you choose another/)).toBeTruthy();
  });
});
