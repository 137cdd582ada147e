import { MSG, SignupBody } from '@agora/shared';
import {
  Alert,
  Anchor,
  Button,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { takeRedirectAfterLogin } from '../../../lib/auth-store';
import { useSignup } from '../api/signup';
import { AuthCard } from '../components/auth-card';
import { showWelcome } from '../lib/welcome';
import { type SignupRole, signupRoleFrom } from '../roles';

type Field = 'name' | 'email' | 'password';

const ROLE_OPTIONS: { value: SignupRole; label: string }[] = [
  { value: 'user', label: 'Member' },
  { value: 'questioner', label: 'Questioner' },
  { value: 'answerer', label: 'Answerer' },
];

/** /signup: name, e-mail, password, and the role chosen on /role-login (carried as ?role=). */
export function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [role, setRole] = useState<SignupRole>(signupRoleFrom(params.get('role')) ?? 'user');
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const signup = useSignup();

  const set = (k: Field) => (e: { currentTarget: { value: string } }) => {
    const v = e.currentTarget.value;
    setValues((s) => ({ ...s, [k]: v }));
    setFieldErrors((f) => ({ ...f, [k]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    // The same schema the server validates with.
    const parsed = SignupBody.safeParse({ ...values, role });
    if (!parsed.success) {
      const errs: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as Field;
        errs[k] ??= k === 'email' && !values.email.trim() ? 'Email is required' : issue.message;
      }
      setFieldErrors(errs);
      return;
    }
    signup.mutate(parsed.data, {
      onSuccess: (r) => {
        showWelcome(r.user);
        navigate(takeRedirectAfterLogin() ?? '/', { replace: true });
      },
      onError: (err) =>
        setError(
          err instanceof ApiError
            ? err.message
            : err instanceof NetworkError
              ? MSG.networkError
              : 'Sign-up failed',
        ),
    });
  };

  return (
    <AuthCard title="Create your account" subtitle="One account for all four portals.">
      <form onSubmit={onSubmit} noValidate aria-label="Sign up">
        <Stack gap="md">
          {error ? (
            <Alert color="red" icon={<IconAlertCircle size={20} />} role="alert" data-testid="signup-error">
              {error}
            </Alert>
          ) : null}
          <Stack gap={6}>
            <Text size="sm" fw={500} id="signup-role-label">
              I am joining as
            </Text>
            <SegmentedControl
              aria-labelledby="signup-role-label"
              value={role}
              onChange={(v) => setRole(v as SignupRole)}
              data={ROLE_OPTIONS}
              fullWidth
            />
          </Stack>
          <TextInput
            label="Full name"
            autoComplete="name"
            required
            value={values.name}
            onChange={set('name')}
            error={fieldErrors.name}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={set('email')}
            error={fieldErrors.email}
          />
          <PasswordInput
            label="Password"
            description="At least 8 characters"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={set('password')}
            error={fieldErrors.password}
          />
          <Button type="submit" size="md" loading={signup.isPending}>
            Sign up
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center" mt="lg">
        Already have an account?{' '}
        <Anchor component={Link} to={role === 'user' ? '/login' : `/login?role=${role}`} fw={600}>
          Log in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
