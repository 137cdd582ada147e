import { MSG } from '@agora/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/auth-store';
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

function setup() {
  const onSubmitted = vi.fn();
  const onAlreadyAnswered = vi.fn();
  const onClosed = vi.fn();
  renderWithProviders(
    <AnswerForm
      questionId={Q}
      onSubmitted={onSubmitted}
      onAlreadyAnswered={onAlreadyAnswered}
      onClosed={onClosed}
    />,
  );
  const upload = async () => {
    await screen.findByRole('button', { name: /attach/i });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
  };
  return { onAlreadyAnswered, onClosed, upload };
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
