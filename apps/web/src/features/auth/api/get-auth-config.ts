import { type AuthConfig, SESSION } from '@agora/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from './keys';

export const DEFAULT_AUTH_CONFIG: AuthConfig = {
  googleClientId: null,
  sessionIdleMinutes: SESSION.idleMinutesDefault,
};

export function fetchAuthConfig(): Promise<AuthConfig> {
  return api<AuthConfig>('/api/auth/config', { on401: 'ignore' });
}

/** Server settings the client needs: Google client id (button shown only when set) and the idle timeout. */
export function authConfigQueryOptions() {
  return queryOptions({
    queryKey: authKeys.config(),
    queryFn: fetchAuthConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
