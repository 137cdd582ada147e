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
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { takeRedirectAfterLogin } from '../../../lib/auth-store';
import { zodValidate } from '../../../lib/form';
import { useSignup } from '../api/signup';
import { AuthCard } from '../components/auth-card';
import { showWelcome } from '../lib/welcome';
import { homeForRole, type SignupRole, signupRoleFrom } from '../roles';

/** The same schema the server validates with; an empty e-mail says so rather than "invalid". */
const signupSchemaRules = zodValidate(SignupBody);
function signupRules(values: { name: string; email: string; password: string; role: SignupRole }) {
  const errors = signupSchemaRules(values);
  if (errors.email && !values.email.trim()) errors.email = 'Email is required';
  return errors;
}

const ROLE_OPTIONS: { value: SignupRole; label: string }[] = [
  { value: 'user', label: 'Member' },
  { value: 'questioner', label: 'Questioner' },
  { value: 'answerer', label: 'Answerer' },
];

/** /signup: name, e-mail, password, and the role chosen on /role-login (carried as ?role=). */
export function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm({
    initialValues: {
      name: '',
      email: '',
      password: '',
      role: (signupRoleFrom(params.get('role')) ?? 'user') as SignupRole,
    },
    validate: signupRules,
  });
  const { role } = form.getValues();
  const [error, setError] = useState<string | null>(null);
  const signup = useSignup();

  const submit = form.onSubmit((values) => {
    signup.mutate(SignupBody.parse(values), {
      onSuccess: (r) => {
        showWelcome(r.user);
        // Nothing saved to come back to: the portal the chosen role is for.
        navigate(takeRedirectAfterLogin() ?? homeForRole(r.user.role), { replace: true });
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
  });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    setError(null);
    submit(e);
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
              {...form.getInputProps('role')}
              data={ROLE_OPTIONS}
              fullWidth
            />
          </Stack>
          <TextInput label="Full name" autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            description="At least 8 characters"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
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
