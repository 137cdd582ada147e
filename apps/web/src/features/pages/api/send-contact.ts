import type { ContactBody } from '@agora/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function sendContact(body: ContactBody): Promise<{ success: true; message: string; _id: string }> {
  return api('/api/contact', { method: 'POST', body });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
