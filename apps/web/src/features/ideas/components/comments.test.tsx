import { MSG } from '@agora/shared';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { server } from '../../../test/server';
import { Comments } from './comments';

// jsdom has no FontFaceSet; Mantine's autosizing textarea listens on it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const comment = {
  _id: 'c9',
  content: 'Nice idea',
  author: { id: 'u1', displayName: 'Asha' },
  createdAt: '2026-01-01T00:00:00.000Z',
};

function setup() {
  const posted: unknown[] = [];
  server.use(
    http.post('/api/ideas/i1/comments', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json(comment, { status: 201 });
    }),
  );
  renderWithProviders(<Comments ideaId="i1" comments={[]} commentCount={0} />);
  const box = () => screen.getByRole('textbox', { name: 'Write a comment' }) as HTMLTextAreaElement;
  const post = () => fireEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
  return { posted, box, post };
}

describe('Comments: the comment box', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    setSession('token', testUser as never);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearSession();
  });

  it('a blank comment shows "Please enter a comment" on the box, sends nothing, and typing clears it', async () => {
    const { posted, box, post } = setup();
    fireEvent.change(box(), { target: { value: '   ' } });
    post();
    expect(await screen.findByText(MSG.enterComment)).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(box(), { target: { value: 'x' } });
    await waitFor(() => expect(screen.queryByText(MSG.enterComment)).toBeNull());
  });

  it('counts the characters and refuses a comment over 2,000 with the shared message, never cutting it', async () => {
    const { posted, box, post } = setup();
    const long = 'a'.repeat(2_001);
    fireEvent.change(box(), { target: { value: long } });
    // Nothing is cut: the box keeps every character, and the counter says how many there are.
    expect(box().value).toHaveLength(2_001);
    expect(box().hasAttribute('maxlength')).toBe(false);
    expect(screen.getByTestId('comment-counter').textContent).toBe('2,001 / 2,000 characters');
    post();
    expect(await screen.findByText(MSG.commentTooLong)).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(box(), { target: { value: 'a'.repeat(2_000) } });
    post();
    await waitFor(() => expect(posted).toEqual([{ content: 'a'.repeat(2_000) }]));
  });

  it('posts the comment as typed and empties the box', async () => {
    const { posted, box, post } = setup();
    fireEvent.change(box(), { target: { value: 'Nice idea' } });
    post();
    await waitFor(() => expect(posted).toEqual([{ content: 'Nice idea' }]));
    await waitFor(() => expect(box().value).toBe(''));
  });

  it('keeps the text and toasts when the post fails', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { box, post } = setup();
    server.use(
      http.post('/api/ideas/i1/comments', () =>
        HttpResponse.json({ error: 'Server down', message: 'Server down' }, { status: 500 }),
      ),
    );
    fireEvent.change(box(), { target: { value: 'Nice idea' } });
    post();
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: MSG.ideaCommentFailed })),
    );
    expect(box().value).toBe('Nice idea');
  });

  it('a signed-out user is asked to log in and nothing is sent', async () => {
    clearSession();
    const show = vi.spyOn(notifications, 'show');
    const { posted, box, post } = setup();
    fireEvent.change(box(), { target: { value: 'Nice idea' } });
    post();
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: MSG.loginRequired })),
    );
    expect(posted).toEqual([]);
  });
});
