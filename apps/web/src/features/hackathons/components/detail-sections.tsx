import type { Hackathon } from '@agora/shared';
import { Anchor, Badge, Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import u from '../../../components/utilities.module.css';

/** A fact of the hackathon page (organiser, dates, duration, location). */
export function Tile({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={2} miw={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Box fz="sm" className={u.wrapAnywhere}>
            {children}
          </Box>
        </Stack>
      </Group>
    </Paper>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section">
      <Title order={3} mb="xs">
        {title}
      </Title>
      <Text className={u.preWrap}>{children}</Text>
    </Paper>
  );
}

const PLACE_LABEL = { winner: 'Winner', runner_up: 'Runner-up' } as const;

/**
 * A past hackathon's winners from before results were published through judging (what its
 * organiser marked then), for everyone; a hackathon with published results shows those instead.
 */
export function LegacyResults({ results }: { results: NonNullable<Hackathon['results']> }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="results-title">
      <Title order={3} mb="sm" id="results-title">
        Winners
      </Title>
      {results.length === 0 ? (
        <Text c="dimmed">The organizer has not announced the winners.</Text>
      ) : (
        <Stack gap="sm">
          {results.map((r) => (
            <Paper key={r._id} withBorder p="md" radius="md" component="article" data-testid="result">
              <Group gap="xs" mb={4} wrap="wrap">
                <Badge color={r.status === 'winner' ? 'yellow' : 'gray'} variant="filled" tt="none">
                  {PLACE_LABEL[r.status]}
                </Badge>
                <Text fw={700} className={u.wrapAnywhere}>
                  {r.projectTitle}
                </Text>
                <Text size="sm" c="dimmed">
                  by {r.teamName}
                </Text>
              </Group>
              <Text size="sm" lineClamp={3}>
                {r.projectDescription}
              </Text>
              <Group gap="md" mt={4}>
                {(
                  [
                    ['Project', r.projectUrl],
                    ['GitHub', r.githubUrl],
                    ['Demo', r.demoUrl],
                  ] as const
                ).map(([label, url]) =>
                  url ? (
                    <Anchor
                      key={label}
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      size="sm"
                    >
                      {label}
                    </Anchor>
                  ) : null,
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
