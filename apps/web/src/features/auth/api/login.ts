import type { AuthResult, LoginBody } from '@agora/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/auth-store';

export function login(body: LoginBody): Promise<AuthResult> {
  // A 401 here means wrong credentials, not an expired session: never the logout rule.
  return api<AuthResult>('/api/auth/login', { method: 'POST', body, on401: 'ignore' });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (r) => setSession(r.token, r.user),
  });
}
