import { Button, Container, Grid, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconBriefcase } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { useDeferredArrival } from '../../../lib/use-progressive-list';
import { ApplyPanel } from '../../applications/components/apply-panel';
import { ReferralBox } from '../../applications/components/referral-box';
import { useJob } from '../api/get-job';
import { JobDescription } from '../components/job-description';
import { JobNotices } from '../components/job-notices';
import { JobOverview } from '../components/job-overview';
import { useJsonLd } from '../components/use-json-ld';
import { jobPostingJsonLd } from '../lib/job-display';

function JobDetailLoading() {
  return (
    <Container size="lg" py="xl" aria-busy="true">
      <Skeleton h={36} w="60%" mb="md" />
      <Skeleton h={20} w="30%" mb="xl" />
      <Skeleton h={300} />
    </Container>
  );
}

function JobDetailUnavailable({ missing, onRetry }: { missing: boolean; onRetry: () => void }) {
  return (
    <Container size="sm" py="xl">
      <EmptyState
        icon={<IconBriefcase size={28} />}
        title={missing ? 'Job not found' : 'Could not load this job'}
        description={
          missing
            ? 'This job does not exist, is waiting for approval, or was removed.'
            : 'Please check your connection and try again.'
        }
        action={
          <Group>
            {!missing ? <Button onClick={onRetry}>Try Again</Button> : null}
            <Button variant="light" component={Link} to="/jobhubs">
              Back to Jobs
            </Button>
          </Group>
        }
      />
    </Container>
  );
}

/** /job/{id} — the full job, how to apply, and schema.org JobPosting data for search engines. */
export function JobDetailPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = useJob(id);
  // The job first arrives in a deferred render (lib/use-progressive-list).
  const job = useDeferredArrival(query.data);
  useJsonLd(
    'job-posting-ld',
    // Search engines get a posting only while it takes applications (Google drops closed ones).
    job && job.state === 'open' ? jobPostingJsonLd(job, window.location.origin) : null,
  );

  if (query.isPending || (query.data && !job)) return <JobDetailLoading />;
  if (query.isError || !job) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return <JobDetailUnavailable missing={missing} onRetry={() => void query.refetch()} />;
  }

  return (
    <Container size="lg" py="xl">
      <Button
        component={Link}
        to="/jobhubs"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        mb="md"
        px={4}
      >
        Back to Jobs
      </Button>

      <JobNotices job={job} isPoster={user?.id === job.author.id} />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <JobDescription job={job} />
          </Paper>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="lg">
              <JobOverview job={job} />
            </Paper>

            <Paper withBorder radius="md" p="lg">
              <ApplyPanel job={job} />
            </Paper>
            <ReferralBox job={job} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
