import type { AuthResult } from '@agora/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/auth-store';

export function googleLogin(idToken: string): Promise<AuthResult> {
  return api<AuthResult>('/api/auth/google', {
    method: 'POST',
    body: { id_token: idToken },
    on401: 'ignore',
  });
}

/** POST /api/auth/google with Google's ID token; a success starts the session (as useLogin does). */
export function useGoogleLogin() {
  return useMutation({
    mutationFn: googleLogin,
    onSuccess: (r) => setSession(r.token, r.user),
  });
}
