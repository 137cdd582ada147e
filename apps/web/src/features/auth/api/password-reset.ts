import type { ForgotPasswordBody, MessageResult, ResetPasswordBody } from '@agora/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResult> {
  return api<MessageResult>('/api/auth/forgot-password', { method: 'POST', body, on401: 'ignore' });
}

export function resetPassword(body: ResetPasswordBody): Promise<MessageResult> {
  return api<MessageResult>('/api/auth/reset-password', { method: 'POST', body, on401: 'ignore' });
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
