import { MSG } from '@agora/shared';
import { Button, Container, Paper, Text, Title } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { setRedirectAfterLogin } from '../../../lib/auth-store';

/** What a signed-out visitor sees on an ideas page of their own: the spec's sentence and a way back here after login. */
export function SignInPrompt({ reason, returnTo }: { reason: string; returnTo: string }) {
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl" radius="md" ta="center">
        <Title order={1} size="h3">
          {MSG.pleaseLogin}
        </Title>
        <Text c="dimmed" size="sm" my="sm">
          {reason}
        </Text>
        <Button
          component={Link}
          to="/login"
          leftSection={<IconLogin size={16} />}
          onClick={() => setRedirectAfterLogin(returnTo)}
        >
          Login
        </Button>
      </Paper>
    </Container>
  );
}
