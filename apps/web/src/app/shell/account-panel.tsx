import {
  Button,
  Divider,
  Drawer,
  NavLink,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconLogin, IconLogout, IconShieldLock, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { UserAvatar } from '../../components/user-avatar';
import { useActivity } from '../../features/auth/api/get-activity';
import { useAuth } from '../../lib/auth-store';
import { PANEL_LINKS } from './nav-links';
import classes from './shell.module.css';
import { shell, useShellState } from './shell-store';

function ActivityCounts({ userId }: { userId: string }) {
  const { data, isPending, isError } = useActivity(userId);
  const items = [
    { label: 'Ideas', value: data?.ideas },
    { label: 'Liked', value: data?.liked },
    { label: 'Comments', value: data?.comments },
  ];
  return (
    <Paper withBorder p="sm" radius="md" aria-labelledby="activity-heading">
      <Title order={3} size="h6" id="activity-heading" mb="xs">
        Activity
      </Title>
      <SimpleGrid cols={3} spacing="xs">
        {items.map((i) => (
          <Stack key={i.label} gap={0} align="center">
            {isPending ? (
              <Skeleton h={24} w={28} />
            ) : (
              <Text fw={700} size="lg" data-testid={`activity-${i.label.toLowerCase()}`}>
                {isError ? '–' : i.value}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {i.label}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** spec 01 §2: the account side panel, signed in or signed out. Slides in from the right. */
export default function AccountPanel() {
  const { accountPanel } = useShellState();
  const { isLoggedIn, user } = useAuth();
  return (
    <Drawer
      opened={accountPanel}
      onClose={shell.closeAccountPanel}
      position="right"
      size={320}
      title={isLoggedIn ? 'Your account' : 'Welcome to Agora'}
      closeButtonProps={{ 'aria-label': 'Close account panel' }}
    >
      {isLoggedIn && user ? (
        <Stack gap="md">
          <Stack align="center" gap={4}>
            <UserAvatar name={user.name} email={user.email} size={64} />
            <Text fw={700} size="lg" ta="center">
              {user.displayName || user.name}
            </Text>
            {user.displayName && user.displayName !== user.name ? (
              <Text size="sm" c="dimmed">
                {user.name}
              </Text>
            ) : null}
            <Text size="sm" c="dimmed" className={classes.breakAll}>
              {user.email}
            </Text>
          </Stack>
          <ActivityCounts userId={user.id} />
          <nav aria-label="Account">
            {user.role === 'admin' ? (
              <NavLink
                component={Link}
                to="/admin-portal"
                label="Admin Portal"
                leftSection={<IconShieldLock size={18} aria-hidden />}
                onClick={shell.closeAccountPanel}
              />
            ) : null}
            {PANEL_LINKS.map((l) => (
              <NavLink
                key={l.label}
                component={Link}
                to={l.to}
                label={l.label}
                onClick={shell.closeAccountPanel}
              />
            ))}
          </nav>
          <Divider />
          <Button
            color="red"
            variant="light"
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={shell.requestLogout}
          >
            Logout
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Sign in to ask and answer questions, share ideas, join hackathons and post jobs.
          </Text>
          <Button
            component={Link}
            to="/login"
            leftSection={<IconLogin size={18} aria-hidden />}
            onClick={shell.closeAccountPanel}
          >
            Sign In
          </Button>
          <Button
            component={Link}
            to="/signup"
            variant="default"
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={shell.closeAccountPanel}
          >
            Sign Up
          </Button>
          <Divider my="xs" />
          <nav aria-label="About Agora">
            <NavLink component={Link} to="/about" label="About" onClick={shell.closeAccountPanel} />
            <NavLink component={Link} to="/contact" label="Contact" onClick={shell.closeAccountPanel} />
          </nav>
        </Stack>
      )}
    </Drawer>
  );
}
