import type {
  IdeaAttachment,
  IdeaDetail,
  IdeaFollowResult,
  IdeaMergeBody,
  IdeaStatusBody,
} from '@agora/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, uploadWithProgress } from '../../../lib/api-client';
import { patchIdea } from './idea-actions';
import { ideaKeys } from './keys';

/** Follow or stop following an idea; the answer's count becomes the idea's everywhere it is cached. */
export function useFollowIdea() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, follow }: { id: string; follow: boolean }) =>
      api<IdeaFollowResult>(`/api/ideas/${id}/follow`, { method: follow ? 'POST' : 'DELETE' }),
    onSuccess: (res, { id }) => patchIdea(qc, id, (i) => ({ ...i, ...res })),
  });
}

/** Sets the idea's status (author or admin); the answer is the idea with its timeline. */
export function useSetIdeaStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: IdeaStatusBody }) =>
      api<IdeaDetail>(`/api/ideas/${id}/status`, { method: 'PATCH', body }),
    onSuccess: (detail, { id }) => {
      qc.setQueryData(ideaKeys.detail(id), detail);
      void qc.invalidateQueries({ queryKey: ideaKeys.lists() });
    },
  });
}

/** Uploads one image or PDF to an idea, reporting progress (0–100). */
export function uploadIdeaAttachment(
  ideaId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ attachment: IdeaAttachment }> {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(`/api/ideas/${ideaId}/attachments`, form, onProgress);
}

export function useUploadAttachment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: string; file: File; onProgress: (p: number) => void }) =>
      uploadIdeaAttachment(id, file, onProgress),
    onSettled: (_r, _e, { id }) => {
      void qc.invalidateQueries({ queryKey: ideaKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: ideaKeys.lists() });
    },
  });
}

export function useDeleteAttachment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, attachmentId }: { id: string; attachmentId: string }) =>
      api<{ message: string }>(`/api/ideas/${id}/attachments/${attachmentId}`, { method: 'DELETE' }),
    onSuccess: (_r, { id, attachmentId }) => {
      qc.setQueryData<IdeaDetail>(
        ideaKeys.detail(id),
        (d) => d && { ...d, attachments: d.attachments.filter((a) => a._id !== attachmentId) },
      );
      void qc.invalidateQueries({ queryKey: ideaKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: ideaKeys.lists() });
    },
  });
}

/** Merges the idea into another (admin, or the author of both). */
export function useMergeIdea() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: IdeaMergeBody }) =>
      api<IdeaDetail>(`/api/ideas/${id}/merge`, { method: 'POST', body }),
    onSuccess: (_d, { id, body }) => {
      void qc.invalidateQueries({ queryKey: ideaKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: ideaKeys.detail(body.intoId) });
      void qc.invalidateQueries({ queryKey: ideaKeys.lists() });
      void qc.invalidateQueries({ queryKey: ideaKeys.categories() });
    },
  });
}
