import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { setRedirectAfterLogin } from '../lib/auth-store';

/**
 * A form page opened signed out: says why to log in first and comes back to `here` afterwards, so
 * nothing typed is lost to a refused submit (Post a Job, Conduct a Hackathon).
 */
export function LoginFirst({
  title,
  message,
  here,
  back,
}: {
  title: string;
  message: string;
  here: string;
  back: { to: string; label: string };
}) {
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" ta="center" gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">{message}</Text>
          <Group>
            <Button
              component={Link}
              to="/login"
              leftSection={<IconLogin size={16} aria-hidden />}
              onClick={() => setRedirectAfterLogin(here)}
            >
              Log In
            </Button>
            <Button variant="default" component={Link} to={back.to}>
              {back.label}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
