import { type Application, shortDate } from '@agora/shared';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/relative-time';
import { ApplicationReferrals } from './application-referrals';
import classes from './applications.module.css';
import { StatusBadge } from './status-badge';

/** Statuses from which the applicant may still withdraw (the decision is not final yet). */
const WITHDRAWABLE = new Set<Application['status']>([
  'submitted',
  'reviewed',
  'shortlisted',
  'interview',
  'offer',
]);

/** One of the seeker's applications: the job, where it stands, since when. */
export function MyApplicationCard({
  application: a,
  onWithdraw,
}: {
  application: Application;
  onWithdraw(a: Application): void;
}) {
  const lastChange = a.history.at(-1)?.at ?? a.updatedAt;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`application-${a._id}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0}>
            <Anchor
              component={Link}
              to={`/job/${a.job._id}`}
              fw={600}
              id={`application-${a._id}`}
              className={classes.wrap}
            >
              {a.job.title}
            </Anchor>
            <Text size="sm" c="dimmed">
              {a.job.company}
            </Text>
          </Stack>
          <StatusBadge status={a.status} />
        </Group>
        <Text size="sm" c="dimmed">
          Applied on {shortDate(a.createdAt)} · last change <RelativeTime date={lastChange} />
        </Text>
        {a.screenedOut ? (
          <Text size="sm" c="yellow.9">
            Your answers to the screening questions do not match what this job requires.
          </Text>
        ) : null}
        <ApplicationReferrals application={a} />
        {WITHDRAWABLE.has(a.status) ? (
          <Group justify="flex-end">
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => onWithdraw(a)}
              aria-label={`Withdraw application to ${a.job.title}`}
            >
              Withdraw
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
