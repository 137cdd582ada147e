import { ForgotPasswordBody, MSG } from '@agora/shared';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { useForgotPassword } from '../api/password-reset';
import { AuthCard } from '../components/auth-card';
import { zodValidate } from '../../../lib/form';

/** /forgot-password: asks for the e-mail; the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password — Agora');
  const forgot = useForgotPassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: zodValidate(ForgotPasswordBody),
  });

  const error =
    forgot.error instanceof NetworkError
      ? MSG.networkError
      : forgot.error instanceof ApiError
        ? forgot.error.message
        : null;

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail of your account and we will send you a link to choose a new one."
    >
      {forgot.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" icon={<IconMailCheck size={20} />} role="status" data-testid="forgot-sent">
            {forgot.data.message}
          </Alert>
          <Text size="sm" c="dimmed">
            No e-mail after a few minutes? Check your spam folder, or{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => forgot.reset()}>
              try again
            </Anchor>
            .
          </Text>
        </Stack>
      ) : (
        <form
          onSubmit={form.onSubmit((v) => forgot.mutate({ email: v.email.trim() }))}
          noValidate
          aria-label="Forgot password"
        >
          <Stack gap="md">
            {error ? (
              <Alert color="red" icon={<IconAlertCircle size={20} />} role="alert">
                {error}
              </Alert>
            ) : null}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit" size="md" loading={forgot.isPending}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center" mt="lg">
        Remembered it?{' '}
        <Anchor component={Link} to="/login" fw={600}>
          Back to login
        </Anchor>
      </Text>
    </AuthCard>
  );
}
