import { type HackathonSubmission, MSG } from '@agora/shared';
import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/server';
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

  it('a blank required field: the spec toast and nothing sent; filled, it is sent and the form clears', async () => {
    const calls = mockApi({
      'POST /api/hackathons/h1/submit': { status: 201, body: { success: true, message: 'ok' } },
    });
    renderWithProviders(
      <>
        <Notifications />
        <ProjectSubmissionForm hackathonId="h1" />
      </>,
    );
    fireEvent.change(screen.getByLabelText('Team Name', { exact: false }), { target: { value: 'Photon' } });
    fireEvent.change(screen.getByLabelText('Project Title', { exact: false }), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Project' }));
    expect(await screen.findByText(MSG.submissionRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Project Title', { exact: false }), {
      target: { value: 'Router' },
    });
    fireEvent.change(screen.getByLabelText('Project Description', { exact: false }), {
      target: { value: 'Routes light.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Project' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    await waitFor(() => expect(value('Team Name')).toBe(''));
  });
});
