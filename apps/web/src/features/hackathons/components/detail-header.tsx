import type { Hackathon } from '@agora/shared';
import { ActionIcon, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconBulb,
  IconCalendar,
  IconClock,
  IconMapPin,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime, locationTypeLabel } from '../lib/format';
import { escrowLabel } from '../lib/prize';
import classes from './detail-header.module.css';
import { Tile } from './detail-sections';
import { HackathonImage } from './hackathon-image';
import { HackathonStatusBadge, PhaseBadge } from './status-badges';

/** The way back to the list, and the banner card: badges, title, prize, participants, the idea it grew from. */
export function DetailHeader({ hackathon: h }: { hackathon: Hackathon }) {
  const escrow = escrowLabel(h);
  return (
    <>
      <Group mb="sm">
        <ActionIcon
          component={Link}
          to="/hackathons"
          variant="subtle"
          size="lg"
          aria-label="Back to Hackathons"
        >
          <IconArrowLeft />
        </ActionIcon>
        <Text c="dimmed" size="sm">
          Hackathons
        </Text>
      </Group>
      <Paper withBorder radius="md" className={classes.card} mb="lg">
        <HackathonImage image={h.image} category={h.category} title={h.title} height={240} />
        <Stack p="lg" gap="xs">
          <Group gap="xs">
            <HackathonStatusBadge status={h.status} />
            <PhaseBadge phase={h.phase} />
            <Badge variant="light" color="gray">
              {h.category}
            </Badge>
          </Group>
          <Title order={1} className={classes.wrap}>
            {h.title}
          </Title>
          {h.idea ? (
            <Group gap={6} wrap="nowrap" data-testid="hackathon-idea-link">
              <IconBulb size={16} aria-hidden />
              <Text size="sm" className={classes.wrap}>
                From the idea:{' '}
                <Anchor component={Link} to={`/idea/${h.idea._id}`}>
                  {h.idea.title}
                </Anchor>
              </Text>
            </Group>
          ) : null}
          <Group gap="sm">
            {/* The organiser's own wording and case (a Badge uppercases by default). */}
            <Badge
              size="lg"
              color="yellow"
              variant="light"
              tt="none"
              data-testid="prize-pill"
              classNames={{ root: classes.prizeRoot, label: classes.prizeLabel }}
            >
              Prize pool: {h.prizes.prizePool || 'TBD'}
            </Badge>
            {escrow ? (
              <Badge size="lg" color="green" variant="light" tt="none" data-testid="prize-escrow-pill">
                {escrow}
              </Badge>
            ) : null}
            <Group gap={4}>
              <IconUsers size={16} aria-hidden />
              <Text size="sm">
                {h.participantCount} {h.participantCount === 1 ? 'participant' : 'participants'}
              </Text>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}

/** Organiser, dates, duration and place: the facts above the tabs. */
export function DetailFacts({ hackathon: h }: { hackathon: Hackathon }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <Tile icon={<IconUser size={18} />} label="Organizer">
        <Text size="sm" fw={600}>
          {h.organizer.name || 'Unknown'}
        </Text>
        {/* Signed-in users only: the server sends no address to visitors. */}
        {h.organizer.email ? (
          <Text size="sm" c="dimmed" className={classes.wrap}>
            {h.organizer.email}
          </Text>
        ) : null}
        {h.organizer.phone ? (
          <Text size="sm" c="dimmed">
            {h.organizer.phone}
          </Text>
        ) : null}
      </Tile>
      <Tile icon={<IconCalendar size={18} />} label="Dates">
        <Text size="sm">{formatDateTime(h.eventDetails.startDate)}</Text>
        <Text size="sm">to {formatDateTime(h.eventDetails.endDate)}</Text>
      </Tile>
      <Tile icon={<IconClock size={18} />} label="Duration">
        <Text size="sm">{h.eventDetails.duration ?? 'Not specified'}</Text>
      </Tile>
      <Tile icon={<IconMapPin size={18} />} label="Location">
        <Text size="sm">{locationTypeLabel(h.eventDetails.locationType)}</Text>
        {h.eventDetails.location ? (
          <Text size="sm" c="dimmed">
            {h.eventDetails.location}
          </Text>
        ) : null}
      </Tile>
    </SimpleGrid>
  );
}
