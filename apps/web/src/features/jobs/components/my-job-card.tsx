import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, type Job, shortDate } from '@agora/shared';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconEye, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/relative-time';
import { cityLabel, companyLabel } from '../lib/job-display';
import { JobLifeActions } from './job-life-actions';
import classes from './my-job-card.module.css';

type Standing = { label: string; color: string; note: string };

const REVIEW: Record<'pending' | 'rejected', Standing> = {
  pending: {
    label: 'Pending review',
    color: 'amber',
    note: 'Our admin team reviews postings before they are listed.',
  },
  rejected: { label: 'Rejected', color: 'red', note: 'Not listed. Edit it to send it for review again.' },
};

const LIFE: Record<Job['state'], Standing> = {
  open: { label: 'Open', color: 'green', note: 'Listed on the Jobs Hub and taking applications.' },
  expired: { label: 'Expired', color: 'gray', note: 'No longer listed. Renew it to list it again.' },
  filled: { label: 'Filled', color: 'blue', note: 'Marked as filled: no longer listed.' },
  closed: { label: 'Closed', color: 'gray', note: 'Past its application deadline: no longer listed.' },
};

/** Where a posting stands: its review first, then (once approved) its listing's life. */
export function standing(job: Job): Standing {
  return job.status === 'approved' ? LIFE[job.state] : REVIEW[job.status];
}

function ApplicationCounts({ counts }: { counts: Record<string, number> }) {
  const parts = APPLICATION_STATUSES.filter((s) => (counts[s] ?? 0) > 0).map(
    (s) => `${APPLICATION_STATUS_LABELS[s]} ${counts[s]}`,
  );
  return (
    <Text size="sm" c="dimmed" data-testid="application-counts">
      {parts.length ? parts.join(' · ') : 'No applications yet'}
    </Text>
  );
}

/** One posting on My Jobs: its standing, expiry, applications, and what the poster can do with it. */
export function MyJobCard({ job }: { job: Job }) {
  const s = standing(job);
  const counts = job.applicationCounts ?? {};
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const listed = job.status === 'approved';
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={`my-job-${job._id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} className={classes.wrap}>
            <Title order={2} size="h4" id={`my-job-${job._id}`} className={classes.wrap}>
              {job.title}
            </Title>
            <Text size="sm" c="dimmed">
              {companyLabel(job)} · {cityLabel(job)} · posted <RelativeTime date={job.createdAt} />
            </Text>
          </Stack>
          <Badge color={s.color} variant="light" className={classes.badge} data-testid="job-status">
            {s.label}
          </Badge>
        </Group>
        <Text size="sm">{s.note}</Text>
        {listed && job.expiresAt && job.state !== 'filled' ? (
          <Text size="sm" data-testid="job-expiry">
            {job.state === 'expired' ? 'Expired' : 'Expires'} {shortDate(job.expiresAt)}
          </Text>
        ) : null}
        {job.status === 'rejected' && job.rejectionReason ? (
          <Alert color="red" variant="light" title="Reason from the admin team">
            {job.rejectionReason}
          </Alert>
        ) : null}
        {listed || total > 0 ? <ApplicationCounts counts={counts} /> : null}
        <Group gap="sm" mt={4}>
          <Button
            component={Link}
            to={`/job/${job._id}/edit`}
            size="sm"
            leftSection={<IconEdit size={16} aria-hidden />}
            aria-label={`Edit ${job.title}`}
          >
            Edit
          </Button>
          <Button
            component={Link}
            to={`/job/${job._id}`}
            size="sm"
            variant="default"
            leftSection={<IconEye size={16} aria-hidden />}
            aria-label={`View ${job.title}`}
          >
            View
          </Button>
          {listed || total > 0 ? (
            <Button
              component={Link}
              to={`/my-jobs/${job._id}/applicants`}
              size="sm"
              variant="default"
              leftSection={<IconUsers size={16} aria-hidden />}
            >
              View applicants ({total})
            </Button>
          ) : null}
          <JobLifeActions job={job} />
        </Group>
      </Stack>
    </Card>
  );
}
