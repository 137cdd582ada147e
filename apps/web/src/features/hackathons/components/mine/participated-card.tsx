import { type Hackathon, plural } from '@agora/shared';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { truncate150 } from '../../lib/card-rules';
import { formatDate } from '../../lib/format';
import { PhaseBadge, SubmissionStatusBadge } from '../status-badges';
import { CardFact } from './card-fact';
import classes from './my-hackathons.module.css';

/** A hackathon the viewer joined, with their team's submission, on the Participated tab. */
export function ParticipatedCard({ h }: { h: Hackathon }) {
  // The server sends the team's submission to every member, whoever of them sent it.
  const submission = h.submissions?.[0];
  return (
    <Card withBorder radius="md" padding="lg" data-testid="participated-card">
      <Stack gap="xs" flex={1}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={700} size="lg" className={classes.title}>
            {h.title}
          </Text>
          <PhaseBadge phase={h.phase} />
        </Group>
        <Text size="sm" c="dimmed">
          {truncate150(h.description)}
        </Text>
        <CardFact icon={<IconCalendar size={16} aria-hidden />}>
          Starts {formatDate(h.eventDetails.startDate)}
        </CardFact>
        <CardFact icon={<IconUsers size={16} aria-hidden />}>
          {plural(h.participantCount, 'participant')}
        </CardFact>
        {submission ? (
          <Stack gap={2} data-testid="team-submission">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} truncate>
                {submission.projectTitle}
              </Text>
              <SubmissionStatusBadge status={submission.status} />
            </Group>
            <Text size="xs" c="dimmed">
              {submission.teamName}
              {submission.teamMembers.length > 1
                ? ` · ${submission.teamMembers.map((m) => m.userDisplayName).join(', ')}`
                : ''}
            </Text>
          </Stack>
        ) : null}
      </Stack>
      <Button mt="md" component={Link} to={`/hackathon/${h._id}`}>
        View Details &amp; Submit
      </Button>
    </Card>
  );
}
