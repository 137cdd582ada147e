import type { JobLogoResult } from '@agora/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/jobs/logo (bearer, multipart `logo`): the server checks the bytes and answers its url. */
export function useUploadJobLogo() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      return api<JobLogoResult>('/api/jobs/logo', { method: 'POST', body: form, on401: 'ignore' });
    },
  });
}
