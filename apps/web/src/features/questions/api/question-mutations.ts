import type { Answer, AttachmentResult, CreateQuestionInput, Question, RankResult } from '@agora/shared';
import { api, uploadWithProgress } from '../../../lib/api-client';

/** POST /api/questions — multipart when an image is attached (spec 01 §7), else JSON. 401 is the caller's. */
export function createQuestion(fields: CreateQuestionInput, image: File | null): Promise<Question> {
  if (!image) return api<Question>('/api/questions', { method: 'POST', body: fields, on401: 'ignore' });
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) form.append(k, String(v));
  form.append('image', image);
  return api<Question>('/api/questions', { method: 'POST', body: form, on401: 'ignore' });
}

/** POST /api/questions/:id/answers */
export function createAnswer(
  questionId: string,
  content: string,
  attachments: AttachmentResult['attachment'][],
) {
  return api<Answer>(`/api/questions/${questionId}/answers`, {
    method: 'POST',
    body: { content, attachments },
    on401: 'ignore',
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
