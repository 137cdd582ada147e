import {
  type Answer,
  type AttachmentResult,
  type CreateQuestionInput,
  MSG,
  type Question,
  type RankResult,
} from '@agora/shared';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError, api, errorMessage, NetworkError, uploadWithProgress } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { addOwnQuestion, removeOwnQuestion, replaceQuestion } from '../lib/cache';
import { statusOf } from '../lib/format';
import { questionKeys } from './keys';
import { showError, showErrorToast } from '../../../lib/toasts';

/**
 * POST /api/questions — multipart when an image is attached (spec 01 §7), else JSON. A 401 ends the
 * session and the page's sign-in guard goes to /login, back to the form after (spec 01 §4).
 */
export function createQuestion(fields: CreateQuestionInput, image: File | null): Promise<Question> {
  if (!image) return api<Question>('/api/questions', { method: 'POST', body: fields, on401: 'login' });
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) form.append(k, String(v));
  form.append('image', image);
  return api<Question>('/api/questions', { method: 'POST', body: form, on401: 'login' });
}

/**
 * POST /api/questions/:id/answers. A 401 ends the session (`on401: 'login'`): the question then
 * offers its sign-in, which comes back to this question after login.
 */
export function createAnswer(
  questionId: string,
  content: string,
  attachments: AttachmentResult['attachment'][],
) {
  return api<Answer>(`/api/questions/${questionId}/answers`, {
    method: 'POST',
    body: { content, attachments },
    on401: 'login',
  });
}

/** POST /api/questions/:id/answers/upload — one file in the field `attachment`, with progress. */
export function uploadAttachment(questionId: string, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('attachment', file);
  return uploadWithProgress<AttachmentResult>(
    `/api/questions/${questionId}/answers/upload`,
    form,
    onProgress,
  );
}

export const markAnswered = (id: string) =>
  api<Question>(`/api/questions/${id}/mark-answered`, { method: 'POST' });
export const reopenQuestion = (id: string) =>
  api<Question>(`/api/questions/${id}/reopen`, { method: 'POST' });
export const rankAnswers = (id: string) =>
  api<RankResult>(`/api/questions/${id}/rank-answers`, { method: 'POST' });

/** DELETE /api/questions/:id — the author discards an unpaid question (409 once paid or while paying). */
export function deleteQuestion(id: string): Promise<void> {
  return api<void>(`/api/questions/${id}`, { method: 'DELETE' });
}

const failed = (message: string) => showErrorToast({ title: 'Error', message });

/** The author discards an unpaid question; the lists refresh. */
export function useDeleteQuestion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (q: Question) => deleteQuestion(q._id),
    onSuccess: (_r, q) => {
      notifications.show({ title: 'Question deleted', message: q.title, color: 'green' });
      void qc.invalidateQueries({ queryKey: questionKeys.all });
    },
    onError: (err) => failed(`Failed to delete the question: ${errorMessage(err, 'Please try again.')}`),
  });
}

/** Mark as Answered an open question, or reopen an answered one (spec 01 §6). */
export function useToggleQuestionStatus() {
  const qc = useQueryClient();
  const isOpen = (q: Question) => statusOf(q.status) === 'open';
  return useMutation({
    mutationFn: (q: Question) => (isOpen(q) ? markAnswered(q._id) : reopenQuestion(q._id)),
    onSuccess: (updated, q) => {
      replaceQuestion(qc, updated);
      void qc.invalidateQueries({ queryKey: questionKeys.lists() });
      notifications.show({
        color: 'green',
        title: isOpen(q) ? 'Marked as answered' : 'Question reopened',
        message: isOpen(q)
          ? `“${q.title}” is marked as answered. You can reopen it at any time.`
          : `“${q.title}” is open for answers again.`,
      });
    },
    onError: (err, q) =>
      failed(
        `${isOpen(q) ? 'Failed to mark as answered' : 'Failed to reopen question'}: ${errorMessage(err, 'Please try again.')}`,
      ),
  });
}

/** AI ranking of a question's answers; says so when the ranking service is unavailable. */
export function useRankAnswers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (q: Question) => rankAnswers(q._id),
    onSuccess: (res, q) => {
      if (!res.aiRanking.available) {
        notifications.show({ title: 'AI ranking', message: MSG.aiUnavailable, color: 'yellow' });
        return;
      }
      replaceQuestion(qc, {
        ...q,
        answers: res.rankedAnswers,
        aiRanked: true,
        aiRankedAt: res.aiRanking.rankedAt,
      });
      notifications.show({ title: MSG.aiRankedBadge, message: MSG.aiRanked, color: 'green' });
    },
    onError: (err) => failed(`Failed to rank answers: ${errorMessage(err, 'Please try again.')}`),
  });
}

/** spec 01 §4: the question is fetched again 500 ms after an answer is submitted. */
const REFETCH_AFTER_ANSWER_MS = 500;

/**
 * After an answer (or the server's word that none can be given any more) the question, the lists
 * and their counts are fetched again: at once (`now`), or half a second later (`soon`, spec 01 §4).
 */
export function useRefreshAfterAnswer(questionId: string) {
  const qc = useQueryClient();
  const timer = useRef<number | null>(null);
  useEffect(() => () => void (timer.current && window.clearTimeout(timer.current)), []);
  const now = () => {
    void qc.invalidateQueries({ queryKey: questionKeys.question(questionId) });
    void qc.invalidateQueries({ queryKey: questionKeys.lists() });
  };
  const soon = () => {
    timer.current = window.setTimeout(() => {
      now();
      void qc.invalidateQueries({ queryKey: questionKeys.categories() });
    }, REFETCH_AFTER_ANSWER_MS);
  };
  return { now, soon };
}

const conflictCode = (err: unknown) => (err instanceof ApiError && err.status === 409 ? err.code : null);

/**
 * Posts an answer (POST /api/questions/:id/answers) and says how it went. The server's word that this
 * user already answered, or that the question closed meanwhile (a stale page), goes to the page so it
 * shows the matching notice.
 */
export function useCreateAnswer(
  questionId: string,
  on: { alreadyAnswered?: () => void; closed?: () => void } = {},
) {
  return useMutation({
    mutationFn: (v: { content: string; attachments: AttachmentResult['attachment'][] }) =>
      createAnswer(questionId, v.content, v.attachments),
    onSuccess: () =>
      notifications.show({
        title: 'Answer submitted',
        message: 'Your answer has been posted.',
        color: 'green',
      }),
    onError: (err) => {
      // The session ended: the question now offers its sign-in instead of the form.
      if (err instanceof ApiError && err.status === 401) return;
      if (conflictCode(err) === 'ALREADY_ANSWERED') {
        notifications.show({
          title: MSG.alreadyAnsweredTitle,
          message: MSG.alreadyAnswered,
          color: 'yellow',
        });
        on.alreadyAnswered?.();
        return;
      }
      if (conflictCode(err) === 'QUESTION_CLOSED') on.closed?.();
      showError(err, MSG.answerSubmitFailed, MSG.submissionFailedTitle);
    },
  });
}

/**
 * Creates a question (the ask form then pays it). spec 01 §4: it joins the asker's own list at once,
 * before its payment; a refusal is said with the server's reason.
 */
export function useCreateQuestion() {
  const qc = useQueryClient();
  const viewer = useAuth().user?.id ?? '';
  return useMutation({
    mutationFn: (v: { fields: CreateQuestionInput; image: File | null }) => createQuestion(v.fields, v.image),
    onSuccess: (q) => {
      addOwnQuestion(qc, viewer, q);
      void qc.invalidateQueries({ queryKey: questionKeys.categories() });
    },
    onError: (err) => {
      // The session ended: the sign-in guard is already on its way to /login.
      if (err instanceof ApiError && err.status === 401) return;
      if (err instanceof NetworkError) {
        showErrorToast({ title: MSG.connectionErrorTitle, message: MSG.connectionError });
        return;
      }
      showErrorToast({
        title: MSG.questionCreationFailedTitle,
        message: `${MSG.questionCreationFailed} ${errorMessage(err, 'Please try again.')}`,
      });
    },
  });
}

/**
 * spec 01 §4: a question whose payment failed leaves the asker's own list again (it stays saved on
 * the server, unpaid, and comes back on the next fetch).
 */
export function useDropUnpaidQuestion() {
  const qc = useQueryClient();
  const viewer = useAuth().user?.id ?? '';
  return (id: string) => removeOwnQuestion(qc, viewer, id);
}

/** Discards the ask form's saved, unpaid question: nothing was charged, the lists refresh. */
export function useDiscardQuestion() {
  const qc = useQueryClient();
  const viewer = useAuth().user?.id ?? '';
  return useMutation({
    mutationFn: (id: string) => deleteQuestion(id),
    onSuccess: (_r, id) => {
      removeOwnQuestion(qc, viewer, id);
      void qc.invalidateQueries({ queryKey: questionKeys.all });
      notifications.show({ title: 'Question deleted', message: 'Nothing was charged.', color: 'green' });
    },
    onError: (err) => failed(errorMessage(err, 'Failed to delete the question. Please try again.')),
  });
}
