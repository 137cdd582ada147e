import { MSG } from '@agora/shared';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';

export function ErrorLoadingIdeas() {
  return (
    <Center py="xl" role="alert">
      <Stack align="center" gap="xs">
        <IconAlertTriangle size={40} color="var(--mantine-color-red-7)" aria-hidden />
        <Title order={3}>{MSG.errorLoadingIdeas}</Title>
        <Text c="dimmed" size="sm">
          Something went wrong while showing the ideas.
        </Text>
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
      </Stack>
    </Center>
  );
}

/** spec 02 §2: a render failure of the listing shows 'Error Loading Ideas' with Refresh Page. */
export class IdeasErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(err: unknown) {
    console.error('Ideas listing failed to render', err);
  }
  render() {
    return this.state.failed ? <ErrorLoadingIdeas /> : this.props.children;
  }
}
