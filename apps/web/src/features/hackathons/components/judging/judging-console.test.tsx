import type { JudgingQueue } from '@agora/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { mockApi } from '../../../../test/server';
import { JudgingConsole } from './judging-console';

const item = (id: string, title: string, scored = false): JudgingQueue['items'][number] => ({
  submissionId: id,
  projectTitle: title,
  projectDescription: `${title} does things.`,
  teamName: `Team ${title}`,
  githubLink: null,
  demoLink: null,
  myScore: scored
    ? { scores: { Impact: 3, Polish: 2 }, comment: 'Solid', updatedAt: '2026-11-21T10:00:00.000Z' }
    : null,
});

const queue: JudgingQueue = {
  criteria: [
    { name: 'Impact', weight: 2 },
    { name: 'Polish', weight: 1 },
  ],
  items: [item('s1', 'Alpha', true), item('s2', 'Beta'), item('s3', 'Gamma')],
  scored: 1,
  assigned: 3,
};

const pick = (criterion: string, score: string) =>
  fireEvent.click(within(screen.getByRole('radiogroup', { name: criterion })).getByLabelText(score));

describe('JudgingConsole', () => {
  it('opens the first unscored submission, shows what is left, and moves on after saving', async () => {
    const calls = mockApi({
      'PUT /api/hackathons/h1/submissions/s2/score': {
        body: {
          score: {
            submissionId: 's2',
            scores: { Impact: 4, Polish: 5 },
            comment: 'Great demo',
            updatedAt: '',
          },
        },
      },
      'GET /api/hackathons/h1/judging': { body: queue },
    });
    renderWithProviders(<JudgingConsole hackathonId="h1" queue={queue} />);
    expect(screen.getByTestId('judge-progress').textContent).toBe('1 of 3 scored · 2 left');
    expect(screen.getByRole('heading', { name: 'Beta' })).toBeTruthy();

    const save = screen.getByRole('button', { name: 'Save and next' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByText('Still to score: Impact, Polish')).toBeTruthy();
    pick('Impact', '4');
    expect(save.disabled).toBe(true);
    pick('Polish', '5');
    expect(save.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText(/Comment for the team/), { target: { value: '  Great demo ' } });
    fireEvent.click(save);

    await waitFor(() => expect(screen.getByRole('heading', { name: 'Gamma' })).toBeTruthy());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ scores: { Impact: 4, Polish: 5 }, comment: 'Great demo' });
  });

  it("reopens a scored submission with the judge's earlier sheet", () => {
    renderWithProviders(<JudgingConsole hackathonId="h1" queue={queue} />);
    fireEvent.click(screen.getByRole('button', { name: /Alpha/ }));
    expect(screen.getByRole('heading', { name: 'Alpha' })).toBeTruthy();
    const impact = within(screen.getByRole('radiogroup', { name: 'Impact' })).getByLabelText(
      '3',
    ) as HTMLInputElement;
    expect(impact.checked).toBe(true);
    expect((screen.getByLabelText(/Comment for the team/) as HTMLTextAreaElement).value).toBe('Solid');
    expect((screen.getByRole('button', { name: 'Save and next' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
