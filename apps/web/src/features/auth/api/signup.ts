import type { AuthResult, SignupBody } from '@agora/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/auth-store';

export function signup(body: SignupBody): Promise<AuthResult> {
  return api<AuthResult>('/api/auth/signup', { method: 'POST', body, on401: 'ignore' });
}

export function useSignup() {
  return useMutation({
    mutationFn: signup,
    onSuccess: (r) => setSession(r.token, r.user),
  });
}
