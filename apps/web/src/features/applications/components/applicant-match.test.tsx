import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anApplication } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ApplicantCard } from './applicant-card';

const match = {
  score: 72,
  matched: ['React', 'TypeScript', 'CSS', 'Node.js', 'Git', 'Jest', 'Vite'],
  missing: ['Docker', 'AWS'],
  evidence: ['3 rewarded answers in Technology', 'Hackathon project: Tiny PaaS'],
};

describe('ApplicantCard: match', { timeout: 30_000 }, () => {
  it('shows the poster each applicant’s match and reasons', () => {
    renderWithProviders(<ApplicantCard application={anApplication({ match })} questions={[]} />);
    expect(screen.getByTestId('applicant-match').textContent).toContain('7 of 9 skills match');
    expect(screen.getByText('3 rewarded answers in Technology')).toBeTruthy();
  });

  it('shows no match line when the list carries none', () => {
    renderWithProviders(<ApplicantCard application={anApplication()} questions={[]} />);
    expect(screen.queryByTestId('applicant-match')).toBeNull();
  });
});
