import type { Idea, IdeaDetail } from '@agora/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { mockApi } from '../../../test/server';
import { attachmentProblem } from './idea-attachments';
import { IdeaCard } from './idea-card';
import { FollowIdeaButton, IdeaLifecycle } from './idea-lifecycle';

const idea = (over: Partial<Idea> = {}): Idea => ({
  _id: 'i1',
  id: 'i1',
  title: 'Tool library',
  description: 'Borrow, do not buy',
  category: 'Social Impact',
  tags: [],
  contactInfo: null,
  hidden: false,
  hiddenByAdmin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  author: { id: 'a1', displayName: 'Ravi' },
  likeCount: 0,
  likes: 0,
  liked: false,
  authorFollowed: false,
  commentCount: 0,
  views: 0,
  status: 'new',
  mergedInto: null,
  followerCount: 1,
  following: false,
  cover: null,
  ...over,
});
const detail = (over: Partial<IdeaDetail> = {}): IdeaDetail =>
  ({
    ...idea(),
    comments: [],
    commentsCursor: null,
    attachments: [],
    timeline: [],
    ...over,
  }) as IdeaDetail;

describe('idea lifecycle on the web', { timeout: 30_000 }, () => {
  afterEach(() => clearSession());

  it('a card shows its cover (sized, lazy) and a status badge once past "new"', () => {
    renderWithProviders(
      <IdeaCard
        idea={idea({ cover: '/api/ideas/i1/attachments/x', status: 'prototyping' })}
        onShare={vi.fn()}
      />,
    );
    const img = document.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/api/ideas/i1/attachments/x');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('640');
    expect(screen.getByTestId('idea-status').textContent).toBe('Prototyping');
  });

  it('a new idea without images shows neither', () => {
    renderWithProviders(<IdeaCard idea={idea()} onShare={vi.fn()} />);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByTestId('idea-status')).toBeNull();
  });

  it('shows the timeline with notes, and the author sets a status with a note', async () => {
    setSession('t', testUser as never);
    const calls = mockApi({
      'PATCH /api/ideas/i1/status': () => ({ body: detail({ status: 'launched' }) }),
    });
    renderWithProviders(
      <IdeaLifecycle
        canManage
        idea={detail({
          status: 'under-review',
          timeline: [
            {
              _id: 'e1',
              status: 'under-review',
              note: 'City council is reading it',
              createdAt: '2026-01-02T00:00:00.000Z',
              actor: { id: 'a1', displayName: 'Ravi' },
            },
          ],
        })}
      />,
    );
    expect(screen.getByText('City council is reading it')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New status'), { target: { value: 'launched' } });
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'Open on Saturdays' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      status: 'launched',
      note: 'Open on Saturdays',
    });
  });

  it('others see no status control', () => {
    renderWithProviders(<IdeaLifecycle canManage={false} idea={detail()} />);
    expect(screen.queryByRole('button', { name: 'Update status' })).toBeNull();
    expect(screen.getByText('No status changes yet.')).toBeTruthy();
  });

  it('follow idea posts and shows the new count', async () => {
    setSession('t', testUser as never);
    const calls = mockApi({
      'POST /api/ideas/i1/follow': () => ({ body: { followerCount: 2, following: true } }),
    });
    renderWithProviders(<FollowIdeaButton idea={detail()} />);
    fireEvent.click(screen.getByRole('button', { name: /Follow idea · 1/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
  });

  it('refuses files that are not images or PDFs, or over 10 MB, before any upload', () => {
    expect(attachmentProblem(new File(['x'], 'a.exe', { type: 'application/x-msdownload' }))).toMatch(/PNG/);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    expect(attachmentProblem(big)).toMatch(/10 MB/);
    expect(attachmentProblem(new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }))).toBeNull();
  });
});
