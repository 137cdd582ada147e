import type { Hackathon, HackathonTab } from '@agora/shared';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconCircleCheck, IconTrophy, IconUser, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { cardButtonDisabled, cardButtonLabel } from '../lib/card-rules';
import { formatDateTime, formatRange, locationTypeLabel } from '../lib/format';
import { escrowLabel } from '../lib/prize';
import { HackathonImage } from './hackathon-image';

export interface HackathonCardProps {
  hackathon: Hackathon;
  tab: HackathonTab;
  registered: boolean;
  busy: boolean;
  now: number;
  onJoin: (h: Hackathon) => void;
  onView: (h: Hackathon) => void;
}

/** spec 03 §2 card: image, category, location type, title, description, organizer, dates, prize, count. */
export function HackathonCard({
  hackathon: h,
  tab,
  registered,
  busy,
  now,
  onJoin,
  onView,
}: HackathonCardProps) {
  const state = {
    tab,
    startDate: h.eventDetails.startDate,
    endDate: h.eventDetails.endDate,
    isRegistered: registered,
    isOrganizer: h.isOrganizer,
    busy,
    now,
  };
  const label = cardButtonLabel(state);
  const disabled = cardButtonDisabled(state);
  const beforeDeadline = now < Date.parse(h.registrationDeadline);
  return (
    <Card withBorder radius="md" padding="md" shadow="xs" data-testid="hackathon-card">
      <Card.Section>
        <HackathonImage image={h.image} category={h.category} title={h.title} height={150} />
      </Card.Section>
      <Stack gap={8} mt="sm" flex={1}>
        <Group gap={6}>
          <Badge variant="light">{h.category}</Badge>
          <Badge variant="outline" color="gray">
            {locationTypeLabel(h.eventDetails.locationType)}
          </Badge>
        </Group>
        <Anchor component={Link} to={`/hackathon/${h._id}`} c="dark" fw={700} size="lg" lh={1.3}>
          {h.title}
        </Anchor>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {h.description}
        </Text>
        <Stack gap={4}>
          <Group gap={6} wrap="nowrap">
            <IconUser size={16} aria-hidden />
            <Text size="sm">{h.organizer.name || 'Unknown'}</Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconCalendar size={16} aria-hidden />
            <Text size="sm">{formatRange(h.eventDetails.startDate, h.eventDetails.endDate)}</Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconTrophy size={16} aria-hidden />
            <Text size="sm" fw={600}>
              {h.prizes.prizePool || 'TBD'}
            </Text>
            {escrowLabel(h) ? (
              <Badge color="green" variant="light" tt="none" size="sm" data-testid="card-escrow">
                {escrowLabel(h)}
              </Badge>
            ) : null}
          </Group>
          {h.participantCount > 0 ? (
            <Group gap={6} wrap="nowrap">
              <IconUsers size={16} aria-hidden />
              <Text size="sm">
                {h.participantCount} {h.participantCount === 1 ? 'participant' : 'participants'}
              </Text>
            </Group>
          ) : null}
        </Stack>
        {registered && beforeDeadline ? (
          <Alert
            color="green"
            variant="light"
            p="xs"
            icon={<IconCircleCheck size={18} />}
            title="You are registered"
          >
            <Text size="xs">Join until {formatDateTime(h.registrationDeadline)}</Text>
          </Alert>
        ) : null}
      </Stack>
      <Button
        mt="md"
        fullWidth
        disabled={disabled}
        loading={false}
        onClick={() => (label === 'Join Hackathon' ? onJoin(h) : onView(h))}
      >
        {label}
      </Button>
    </Card>
  );
}
