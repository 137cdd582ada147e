import type { HackathonGallery } from '@agora/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { PeoplesChoiceView } from './peoples-choice';

const item = (id: string, title: string, mine = false) => ({
  submissionId: id,
  projectTitle: title,
  projectDescription: `What ${title} does`,
  teamName: `Team ${title}`,
  githubLink: `https://github.com/example/${title.toLowerCase()}`,
  demoLink: null,
  mine,
  votes: null,
});

const gallery = (myVote: string | null, votingOpen = true): HackathonGallery => ({
  votingOpen,
  myVote,
  items: [item('s1', 'Alpha'), item('s2', 'Beta', true), item('s3', 'Gamma')],
});

describe('PeoplesChoiceView', () => {
  it('votes for another team’s project; one’s own team cannot be chosen', () => {
    const onVote = vi.fn();
    renderWithProviders(<PeoplesChoiceView gallery={gallery(null)} voting={false} onVote={onVote} />);
    expect(screen.getAllByTestId('gallery-item')).toHaveLength(3);
    const own = screen.getByRole('button', { name: 'Vote for Beta' });
    expect((own as HTMLButtonElement).disabled).toBe(true);
    expect(own.textContent).toBe('Your team');
    fireEvent.click(own);
    expect(onVote).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Vote for Gamma' }));
    expect(onVote).toHaveBeenCalledWith('s3');
    expect(screen.getAllByRole('link', { name: 'Code' })[0]!.getAttribute('href')).toBe(
      'https://github.com/example/alpha',
    );
    expect(screen.queryByText('Your vote')).toBeNull();
  });

  it('shows the current vote, and moving it sends the other project', () => {
    const onVote = vi.fn();
    renderWithProviders(<PeoplesChoiceView gallery={gallery('s1')} voting={false} onVote={onVote} />);
    const current = screen.getByRole('button', { name: 'Vote for Alpha' });
    expect((current as HTMLButtonElement).disabled).toBe(true);
    expect(current.textContent).toBe('Voted');
    const badge = screen.getByText('Your vote');
    expect(badge.closest('[data-testid="gallery-item"]')?.textContent).toContain('Alpha');
    fireEvent.click(screen.getByRole('button', { name: 'Vote for Gamma' }));
    expect(onVote).toHaveBeenCalledWith('s3');
  });

  it('takes no vote once voting has closed', () => {
    renderWithProviders(<PeoplesChoiceView gallery={gallery('s1', false)} voting={false} onVote={vi.fn()} />);
    expect((screen.getByRole('button', { name: 'Vote for Gamma' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
