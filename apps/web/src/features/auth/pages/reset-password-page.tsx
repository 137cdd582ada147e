import { AUTH_TEXT, MSG, ResetPasswordForm } from '@agora/shared';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { clearSession } from '../../../lib/auth-store';
import { useResetPassword } from '../api/password-reset';
import { AuthCard } from '../components/auth-card';
import { zodValidate } from '../../../lib/form';

/** /reset-password?token=…: the link from the e-mail; a new password, typed twice. */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password — Agora');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { token, password: '', confirm: '' },
    validate: zodValidate(ResetPasswordForm),
  });

  const error =
    reset.error instanceof NetworkError
      ? MSG.networkError
      : reset.error instanceof ApiError
        ? reset.error.message
        : null;
  const tokenError = form.errors.token;

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Every device signed in to your account will be signed out."
    >
      {!token ? (
        <Alert color="red" icon={<IconAlertCircle size={20} />} role="alert">
          {AUTH_TEXT.resetInvalid}{' '}
          <Anchor component={Link} to="/forgot-password" size="sm">
            Ask for a new link
          </Anchor>
        </Alert>
      ) : reset.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" icon={<IconCircleCheck size={20} />} role="status" data-testid="reset-done">
            {reset.data.message}
          </Alert>
          <Button component={Link} to="/login" size="md">
            Go to login
          </Button>
        </Stack>
      ) : (
        <form
          onSubmit={form.onSubmit((v) =>
            reset.mutate({ token: v.token, password: v.password }, { onSuccess: () => clearSession() }),
          )}
          noValidate
          aria-label="Reset password"
        >
          <Stack gap="md">
            {error || tokenError ? (
              <Alert color="red" icon={<IconAlertCircle size={20} />} role="alert">
                {error ?? tokenError}
                {reset.error instanceof ApiError || tokenError ? (
                  <>
                    {' '}
                    <Anchor component={Link} to="/forgot-password" size="sm">
                      Ask for a new link
                    </Anchor>
                  </>
                ) : null}
              </Alert>
            ) : null}
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Repeat the new password"
              autoComplete="new-password"
              required
              key={form.key('confirm')}
              {...form.getInputProps('confirm')}
            />
            <Button type="submit" size="md" loading={reset.isPending}>
              Set new password
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center" mt="lg">
        <Anchor component={Link} to="/login">
          Back to login
        </Anchor>
      </Text>
    </AuthCard>
  );
}
