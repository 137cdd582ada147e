import { type Hackathon, plural } from '@agora/shared';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import {
  IconCalendar,
  IconClock,
  IconFileText,
  IconMapPin,
  IconTrophy,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { truncate150 } from '../../lib/card-rules';
import { formatRange, locationTypeLabel } from '../../lib/format';
import { HackathonStatusBadge, PhaseBadge, SubmissionStatusBadge } from '../status-badges';
import { CardFact } from './card-fact';
import classes from './my-hackathons.module.css';

/** The first submissions of a hackathon the viewer organises, and how many more its page has. */
function SubmissionsPreview({ h }: { h: Hackathon }) {
  const subs = h.submissions ?? [];
  if (!subs.length) return null;
  return (
    <Stack gap={4} mt={4}>
      <Text size="sm" fw={600}>
        Submissions
      </Text>
      {subs.map((s) => (
        <Group key={s._id} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" truncate>
            {s.projectTitle}{' '}
            <Text span c="dimmed">
              · {s.teamName}
            </Text>
          </Text>
          <SubmissionStatusBadge status={s.status} />
        </Group>
      ))}
      {h.submissionCount > subs.length ? (
        <Text size="xs" c="dimmed">
          and {h.submissionCount - subs.length} more on the hackathon page
        </Text>
      ) : null}
    </Stack>
  );
}

/** A hackathon the viewer organises (any status), on the Organized tab of /my-hackathons. */
export function OrganizedCard({ h }: { h: Hackathon }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="organized-card">
      <Stack gap="xs" flex={1}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={700} size="lg" className={classes.title}>
            {h.title}
          </Text>
          <Group gap={4} wrap="nowrap">
            <PhaseBadge phase={h.phase} />
            <HackathonStatusBadge status={h.status} />
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {truncate150(h.description)}
        </Text>
        {h.status === 'rejected' && h.rejectionReason ? (
          <Alert color="red" p="xs" title="Not approved">
            {h.rejectionReason}
          </Alert>
        ) : null}
        <Group gap="lg">
          <CardFact icon={<IconUsers size={16} aria-hidden />}>
            {plural(h.participantCount, 'participant')}
          </CardFact>
          <CardFact icon={<IconFileText size={16} aria-hidden />}>
            {plural(h.submissionCount, 'submission')}
          </CardFact>
        </Group>
        <CardFact icon={<IconTrophy size={16} aria-hidden />}>
          Prize pool: {h.prizes.prizePool || 'TBD'}
        </CardFact>
        <CardFact icon={<IconCalendar size={16} aria-hidden />}>
          {formatRange(h.eventDetails.startDate, h.eventDetails.endDate)}
        </CardFact>
        <CardFact icon={<IconClock size={16} aria-hidden />}>
          {h.eventDetails.duration ?? 'Duration not set'}
        </CardFact>
        <CardFact icon={<IconMapPin size={16} aria-hidden />}>
          {locationTypeLabel(h.eventDetails.locationType)}
          {h.eventDetails.location ? ` · ${h.eventDetails.location}` : ''}
        </CardFact>
        <SubmissionsPreview h={h} />
      </Stack>
      <Group mt="md" gap="sm">
        <Button component={Link} to={`/hackathon/${h._id}`}>
          View Hackathon
        </Button>
        {/* Pending or rejected: the organiser form, filled in (an edit resubmits it for review).
            Published: its page, where the organiser sees participants and marks the winners. */}
        <Button
          variant="default"
          component={Link}
          to={h.status === 'published' ? `/hackathon/${h._id}` : `/conduct-hackathon?edit=${h._id}`}
          aria-label={`Manage ${h.title}`}
        >
          Manage
        </Button>
      </Group>
    </Card>
  );
}
