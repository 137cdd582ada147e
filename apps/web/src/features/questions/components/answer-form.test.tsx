import { MSG } from '@agora/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getAuth, setSession } from '../../../lib/auth-store';
import { renderWithProviders, testUser } from '../../../test/render';
import { server } from '../../../test/server';
import { AnswerForm } from './answer-form';

// jsdom has no FontFaceSet; Mantine's autosizing textarea listens on it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const Q = '11111111-1111-4111-8111-111111111111';

/** The upload answers 409 with the CONTRACT error shape. */
const uploadConflict = (message: string, code: string) =>
  server.use(
    http.post(`/api/questions/${Q}/answers/upload`, () =>
      HttpResponse.json({ error: message, message, code }, { status: 409 }),
    ),
  );

function setup(route = '/') {
  const onSubmitted = vi.fn();
  const onAlreadyAnswered = vi.fn();
  const onClosed = vi.fn();
  const { router } = renderWithProviders(
    <AnswerForm
      questionId={Q}
      onSubmitted={onSubmitted}
      onAlreadyAnswered={onAlreadyAnswered}
      onClosed={onClosed}
    />,
    { route },
  );
  const upload = async () => {
    await screen.findByRole('button', { name: /attach/i });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
  };
  return { onSubmitted, onAlreadyAnswered, onClosed, upload, router };
}

describe('AnswerForm attachment upload conflicts', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    setSession('token', testUser as never);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a closed question refetches the question instead of claiming it was already answered', async () => {
    uploadConflict('This question is no longer open for answers', 'QUESTION_CLOSED');
    const show = vi.spyOn(notifications, 'show');
    const { onAlreadyAnswered, onClosed, upload } = setup();
    await upload();
    await waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1));
    expect(onAlreadyAnswered).not.toHaveBeenCalled();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'This question is no longer open for answers' }),
    );
  });

  it('an upload after answering shows the already-answered notice', async () => {
    uploadConflict(MSG.alreadyAnswered, 'ALREADY_ANSWERED');
    const { onAlreadyAnswered, onClosed, upload } = setup();
    await upload();
    await waitFor(() => expect(onAlreadyAnswered).toHaveBeenCalledTimes(1));
    expect(onClosed).not.toHaveBeenCalled();
  });
});

describe('AnswerForm validation and submit', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    setSession('token', testUser as never);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const answerBox = () => screen.getByRole('textbox', { name: /your answer/i });
  const uploaded = {
    filename: 'k1',
    url: '/uploads/k1',
    originalName: 'notes.txt',
    mimetype: 'text/plain',
    size: 1,
  };

  it('a blank (whitespace-only) answer toasts the empty-answer message inline too, and sends nothing', async () => {
    const show = vi.spyOn(notifications, 'show');
    const sent = vi.fn();
    server.use(
      http.post(`/api/questions/${Q}/answers`, () => {
        sent();
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    setup();
    fireEvent.change(answerBox(), { target: { value: '   \n ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ title: MSG.emptyAnswerTitle, message: MSG.emptyAnswer }),
      ),
    );
    expect(await screen.findByText(MSG.emptyAnswer)).toBeTruthy();
    expect(screen.queryByText(MSG.answerConfirm)).toBeNull();
    expect(sent).not.toHaveBeenCalled();
  });

  it('a signed-out user is told to log in before the confirmation', async () => {
    clearSession();
    const show = vi.spyOn(notifications, 'show');
    setup();
    fireEvent.change(answerBox(), { target: { value: 'An answer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ title: MSG.submissionFailedTitle, message: MSG.loginToAnswer }),
      ),
    );
    expect(screen.queryByText(MSG.answerConfirm)).toBeNull();
  });

  it('confirms, sends the trimmed text with the uploaded attachment, toasts and clears the form', async () => {
    const show = vi.spyOn(notifications, 'show');
    let body: unknown;
    server.use(
      http.post(`/api/questions/${Q}/answers/upload`, () => HttpResponse.json({ attachment: uploaded })),
      http.post(`/api/questions/${Q}/answers`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ _id: 'a1' }, { status: 201 });
      }),
    );
    const { upload, onSubmitted } = setup();
    await upload();
    expect(await screen.findByText('notes.txt')).toBeTruthy();
    fireEvent.change(answerBox(), { target: { value: '  My answer  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    expect(await screen.findByText(MSG.answerConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Answer submitted', message: 'Your answer has been posted.' }),
      ),
    );
    expect(body).toEqual({ content: 'My answer', attachments: [uploaded] });
    await waitFor(() => expect((answerBox() as HTMLTextAreaElement).value).toBe(''));
    expect(screen.queryByText('notes.txt')).toBeNull();
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });

  it('a 401 on submitting ends the session in the API client and stays on the question, whose sign-in leads back', async () => {
    const show = vi.spyOn(notifications, 'show');
    server.use(
      http.post(`/api/questions/${Q}/answers`, () =>
        HttpResponse.json({ error: 'Session expired', code: 'UNAUTHORIZED' }, { status: 401 }),
      ),
    );
    const { onSubmitted, router } = setup(`/questions?question=${Q}`);
    fireEvent.change(answerBox(), { target: { value: 'My answer' } });
    const send = screen.getByRole('button', { name: 'Submit Answer' });
    fireEvent.click(send);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(getAuth().token).toBeNull());
    // The request has settled (the button is no longer busy) and the router has nowhere to go.
    await waitFor(() => expect(send.hasAttribute('data-loading')).toBe(false));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    // No redirect of its own: signed out, the question shows its sign-in (back here after login).
    expect(router.state.location.pathname + router.state.location.search).toBe(`/questions?question=${Q}`);
    expect(show).not.toHaveBeenCalledWith(expect.objectContaining({ color: 'red' }));
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it("a refused answer is said with the server's reason, and a lost connection with the client's", async () => {
    const show = vi.spyOn(notifications, 'show');
    server.use(
      http.post(`/api/questions/${Q}/answers`, () =>
        HttpResponse.json({ error: 'Answers are paused', code: 'PAUSED' }, { status: 503 }),
      ),
    );
    const { onSubmitted } = setup();
    fireEvent.change(answerBox(), { target: { value: 'My answer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ title: MSG.submissionFailedTitle, message: 'Answers are paused' }),
      ),
    );
    server.use(http.post(`/api/questions/${Q}/answers`, () => HttpResponse.error()));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ title: MSG.submissionFailedTitle, message: MSG.networkError }),
      ),
    );
    expect((answerBox() as HTMLTextAreaElement).value).toBe('My answer');
    expect(onSubmitted).not.toHaveBeenCalled();
  });
});
