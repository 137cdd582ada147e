import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLogin, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { setRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import { useMyJobs } from '../api/my-jobs';
import { MyJobCard } from '../components/my-job-card';

/**
 * /my-jobs — a poster follows each posting (its review, its listing's expiry, its applications),
 * edits, renews or fills it, and opens its applicants.
 */
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
