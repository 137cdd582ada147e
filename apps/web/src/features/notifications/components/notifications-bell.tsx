import type { NotificationItem } from '@agora/shared';
import {
  ActionIcon,
  Box,
  Button,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconBellOff, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RelativeTime } from '../../../components/relative-time';
import { useMarkRead, useNotifications } from '../api/notifications';
import classes from './notifications-bell.module.css';

/** In-app paths only: a notification never sends the browser to another site. */
function safeLink(link: string | null): string | null {
  return link?.startsWith('/') && !link.startsWith('//') ? link : null;
}

function NotificationRow({ n, onOpen }: { n: NotificationItem; onOpen: (n: NotificationItem) => void }) {
  return (
    <UnstyledButton
      onClick={() => onOpen(n)}
      px="sm"
      py={8}
      w="100%"
      data-unread={!n.read || undefined}
      aria-label={`${n.read ? '' : 'Unread: '}${n.title}`}
      className={classes.item}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Box mt={6} w={8} h={8} className={classes.dot} aria-hidden />
        <Box flex={1} miw={0}>
          <Text size="sm" fw={n.read ? 400 : 600} lineClamp={2}>
            {n.title}
          </Text>
          {n.body ? (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {n.body}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            <RelativeTime date={n.createdAt} />
          </Text>
        </Box>
      </Group>
    </UnstyledButton>
  );
}

/**
 * Top-bar bell (signed-in users): unread count badge, the latest notifications in a popover;
 * opening one marks it read and goes to its object.
 */
export function NotificationsBell() {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const { data, isLoading, isError, refetch } = useNotifications();
  const markRead = useMarkRead();
  const unread = data?.unreadCount ?? 0;
  const items = data?.notifications ?? [];

  const open = (n: NotificationItem) => {
    if (!n.read) markRead.mutate({ ids: [n._id] });
    setOpened(false);
    const to = safeLink(n.link);
    if (to) navigate(to);
  };

  const label = unread > 0 ? `Notifications (${unread} unread)` : 'Notifications';
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={18}
      color="red"
      offset={4}
      disabled={unread === 0}
      inline
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        width={340}
        position="bottom-end"
        shadow="md"
        withinPortal
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => {
              setOpened((o) => !o);
              if (!opened) void refetch();
            }}
            data-testid="notifications-bell"
          >
            <IconBell size={22} stroke={1.7} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} role="dialog" aria-label="Notifications" maw="calc(100vw - 16px)">
          <Group justify="space-between" px="sm" py="xs">
            <Text fw={700}>Notifications</Text>
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconChecks size={14} aria-hidden />}
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              Mark all as read
            </Button>
          </Group>
          <Divider />
          {isLoading ? (
            <Group justify="center" p="md">
              <Loader size="sm" aria-label="Loading notifications" />
            </Group>
          ) : isError ? (
            <Text size="sm" c="red" p="md">
              Could not load notifications.
            </Text>
          ) : items.length === 0 ? (
            <Stack align="center" gap={4} p="lg" c="dimmed">
              <IconBellOff size={28} aria-hidden />
              <Text size="sm">No notifications yet</Text>
            </Stack>
          ) : (
            <ScrollArea.Autosize mah={420} type="auto">
              <Stack gap={2} p={4}>
                {items.map((n) => (
                  <NotificationRow key={n._id} n={n} onOpen={open} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

export default NotificationsBell;
