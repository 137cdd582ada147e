import { LoginBody, MSG } from '@agora/shared';
import { Alert, Anchor, Badge, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { zodValidate } from '../../../lib/form';
import { getAuth, takeRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import { useAuthConfig } from '../api/get-auth-config';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { GoogleSignIn } from '../components/google-sign-in';
import { homeAfterLogin, ROLE_LABELS } from '../roles';

/** spec 01 §8: the server's error, 'Login failed', or the network message. */
function loginError(err: unknown): string {
  if (err instanceof ApiError) return err.message || MSG.loginFailed;
  if (err instanceof NetworkError) return MSG.networkError;
  return MSG.loginFailed;
}

/** The shared POST /api/auth/login body: an empty field is MSG.emailPasswordRequired. */
const loginRules = zodValidate(LoginBody);

/** spec 01 §2 /login: e-mail + password, Google when configured, then the saved redirect or /. */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const role = params.get('role');
  const auth = useAuth();
  const { data: config } = useAuthConfig();
  const login = useLogin();
  const form = useForm({ initialValues: { email: '', password: '' } });
  // spec 01 §8: one message line above the form (not on the fields), for the check and the server.
  const [error, setError] = useState<string | null>(null);

  // The saved redirect, else home (an admin's is the admin portal); the session is set by now.
  const finish = () =>
    navigate(takeRedirectAfterLogin() ?? homeAfterLogin(getAuth().user?.role), { replace: true });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const { email, password } = form.getValues();
    const errors = loginRules({ email, password });
    const first = errors.email ?? errors.password;
    if (first) {
      setError(String(first));
      return;
    }
    login.mutate(
      { email: email.trim(), password },
      { onSuccess: finish, onError: (err) => setError(loginError(err)) },
    );
  };

  // useGoogleLogin has started the session.
  const onGoogle = () => finish();

  const signupHref = role && role !== 'admin' ? `/signup?role=${encodeURIComponent(role)}` : '/signup';

  return (
    <AuthCard title="Log in to Agora" subtitle="Welcome back. Pick up where you left off.">
      {role && ROLE_LABELS[role] ? (
        <Badge variant="light" mb="md">
          Signing in as {ROLE_LABELS[role]}
        </Badge>
      ) : null}
      {auth.isLoggedIn ? (
        <Alert color="blue" mb="md">
          You are signed in as {auth.user?.displayName || auth.user?.email}.{' '}
          <Anchor component={Link} to="/">
            Go to the portals
          </Anchor>
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-label="Login">
        <Stack gap="md">
          {error ? (
            <Alert color="red" icon={<IconAlertCircle size={20} />} role="alert" data-testid="login-error">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Stack gap={4}>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Anchor component={Link} to="/forgot-password" size="sm" ta="right">
              Forgot password?
            </Anchor>
          </Stack>
          <Button type="submit" size="md" loading={login.isPending}>
            Login
          </Button>
        </Stack>
      </form>
      {config?.googleClientId ? (
        <>
          <Divider label="or" labelPosition="center" my="md" />
          <GoogleSignIn clientId={config.googleClientId} onSignedIn={onGoogle} />
        </>
      ) : null}
      <Stack gap={4} mt="lg" align="center">
        <Text size="sm">
          New to Agora?{' '}
          <Anchor component={Link} to={signupHref} fw={600}>
            Create an account
          </Anchor>
        </Text>
        <Text size="sm">
          <Anchor component={Link} to="/role-login">
            Choose a portal role
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
