import type { Job } from '@agora/shared';
import { Alert, Badge, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconEdit, IconEye, IconLogin, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/relative-time';
import { setRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import { useMyJobs } from '../api/my-jobs';
import { cityLabel, companyLabel } from '../lib/job-display';

const STATUS: Record<Job['status'], { label: string; color: string; note: string }> = {
  pending: {
    label: 'Pending review',
    color: 'amber',
    note: 'Our admin team reviews postings before they are listed.',
  },
  approved: { label: 'Approved', color: 'green', note: 'Listed on the Jobs Hub.' },
  rejected: { label: 'Rejected', color: 'red', note: 'Not listed. Edit it to send it for review again.' },
};

function MyJobCard({ job }: { job: Job }) {
  const s = STATUS[job.status];
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={`my-job-${job._id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={`my-job-${job._id}`} style={{ overflowWrap: 'anywhere' }}>
              {job.title}
            </Title>
            <Text size="sm" c="dimmed">
              {companyLabel(job)} · {cityLabel(job)} · posted <RelativeTime date={job.createdAt} />
            </Text>
          </Stack>
          <Badge color={s.color} variant="light" style={{ flexShrink: 0 }} data-testid="job-status">
            {s.label}
          </Badge>
        </Group>
        <Text size="sm">{s.note}</Text>
        {job.status === 'rejected' && job.rejectionReason ? (
          <Alert color="red" variant="light" title="Reason from the admin team">
            {job.rejectionReason}
          </Alert>
        ) : null}
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
        </Group>
      </Stack>
    </Card>
  );
}

/** /my-jobs — a poster follows each posting (pending, approved, rejected with the reason) and edits it. */
export function MyJobsPage() {
  useDocumentTitle('My jobs — Agora');
  const { isLoggedIn } = useAuth();
  const mine = useMyJobs();

  if (!isLoggedIn) {
    return (
      <Container size="sm" py="xl">
        <Stack align="center" ta="center" gap="sm">
          <Title order={1}>My Jobs</Title>
          <Text c="dimmed">Log in to follow the jobs you posted.</Text>
          <Button
            component={Link}
            to="/login"
            leftSection={<IconLogin size={16} aria-hidden />}
            onClick={() => setRedirectAfterLogin('/my-jobs')}
          >
            Log In
          </Button>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="md" py="xl">
      <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1}>My Jobs</Title>
          <Text c="dimmed">Your postings and where each one stands. An edit goes back to review.</Text>
        </Stack>
        <Group gap="sm">
          <Button variant="default" component={Link} to="/jobhubs">
            Jobs Hub
          </Button>
          <Button component={Link} to="/create-job" leftSection={<IconPlus size={16} aria-hidden />}>
            Post a Job
          </Button>
        </Group>
      </Group>
      {mine.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading your jobs" />
        </Group>
      ) : mine.isError ? (
        <Alert color="red" title="Could not load your jobs">
          Please try again in a moment.
        </Alert>
      ) : mine.data.jobs.length === 0 ? (
        <Stack align="center" py="xl" gap="sm">
          <Text fw={600}>No job postings yet</Text>
          <Button component={Link} to="/create-job">
            Post your first job
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          {mine.data.jobs.map((j) => (
            <MyJobCard key={j._id} job={j} />
          ))}
        </Stack>
      )}
    </Container>
  );
}
