import type { AuthResult } from '@agora/shared';
import { MSG } from '@agora/shared';
import { Alert, Box } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { useGoogleLogin } from '../api/google-login';

const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleId {
  initialize(opts: { client_id: string; callback: (r: { credential?: string }) => void }): void;
  renderButton(el: HTMLElement, opts: Record<string, unknown>): void;
}
type GoogleWindow = Window & { google?: { accounts?: { id?: GoogleId } } };

let scriptPromise: Promise<void> | null = null;
function loadScript(): Promise<void> {
  scriptPromise ??= new Promise<void>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = SCRIPT_SRC;
    s.async = true;
    s.defer = true;
    s.onload = () => resolve();
    s.onerror = () => {
      scriptPromise = null; // let a later visit retry
      s.remove();
      reject(new Error('script'));
    };
    document.head.appendChild(s);
  });
  return scriptPromise;
}

/**
 * The social sign-in button (spec 01 §2), shown only when the server has a Google client id.
 * Google's script renders the button; its ID token is verified by our server (POST /api/auth/google,
 * useGoogleLogin, which also starts the session).
 * Messages: spec 01 §8 social sign-in.
 */
export function GoogleSignIn({
  clientId,
  onSignedIn,
}: {
  clientId: string;
  onSignedIn: (r: AuthResult) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const done = useRef(onSignedIn);
  done.current = onSignedIn;
  // Google calls back long after the effect ran: it reads the mutation through a ref.
  const { mutateAsync } = useGoogleLogin();
  const signIn = useRef(mutateAsync);
  signIn.current = mutateAsync;

  useEffect(() => {
    let cancelled = false;
    loadScript()
      .then(() => {
        if (cancelled || !ref.current) return;
        try {
          const id = (window as GoogleWindow).google?.accounts?.id;
          if (!id) throw new Error('google.accounts.id missing');
          id.initialize({
            client_id: clientId,
            callback: async ({ credential }) => {
              setError(null);
              if (!credential) {
                setError(MSG.googleLoginFailed);
                return;
              }
              try {
                done.current(await signIn.current(credential));
              } catch (err) {
                if (err instanceof ApiError) setError(`Login failed: ${err.message}`);
                else if (err instanceof NetworkError) setError(`Network error during login: ${err.message}`);
                else setError(MSG.googleLoginFailed);
              }
            },
          });
          id.renderButton(ref.current, {
            theme: 'outline',
            size: 'large',
            text: 'continue_with',
            width: Math.min(ref.current.offsetWidth || 360, 400),
          });
        } catch {
          setError(MSG.googleInitFailed);
        }
      })
      .catch(() => {
        if (!cancelled) setError(MSG.googleScriptFailed);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  return (
    <Box>
      <Box ref={ref} mih={44} data-testid="google-sign-in" />
      {error ? (
        <Alert color="red" mt="xs" role="alert" p="xs">
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}
