import type { Team } from '@agora/shared';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import u from '../../../../components/utilities.module.css';

/** One team on the board: name, seats, members, the skills it wants, and an action. */
export function TeamCard({ team, action }: { team: Team; action?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" data-testid="team-card" aria-label={team.name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} className={u.wrapAnywhere}>
            {team.name}
          </Text>
          <Group gap={6}>
            <Badge variant="light" color={team.full ? 'gray' : 'blue'} tt="none">
              {team.full ? 'Full' : `${team.members.length}/${team.maxSize} members`}
            </Badge>
            {team.lookingForMembers && !team.full ? (
              <Badge variant="light" color="green" tt="none">
                Looking for members
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {team.members
            .map((m) => (m.role === 'captain' ? `${m.displayName} (captain)` : m.displayName))
            .join(', ')}
        </Text>
        {team.skillsWanted.length ? (
          <Group gap={4}>
            {team.skillsWanted.map((s) => (
              <Badge key={s} variant="outline" color="gray" tt="none" size="sm">
                {s}
              </Badge>
            ))}
          </Group>
        ) : null}
        {action}
      </Stack>
    </Paper>
  );
}
