import type { AuthResult } from '@agora/shared';
import { api } from '../../../lib/api-client';

export function googleLogin(idToken: string): Promise<AuthResult> {
  return api<AuthResult>('/api/auth/google', {
    method: 'POST',
    body: { id_token: idToken },
    on401: 'ignore',
  });
}
