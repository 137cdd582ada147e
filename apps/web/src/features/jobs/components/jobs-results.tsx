import { MSG } from '@agora/shared';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle, IconBriefcase } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { errorMessage } from '../../../lib/api-client';
import { useProgressiveList } from '../../../lib/use-progressive-list';
import type { useJobList } from '../api/list-jobs';
import { JobCard } from './job-card';
import classes from './jobs-page.module.css';

const NO_JOBS: never[] = [];
const SKELETONS = ['s1', 's2', 's3', 's4'];

/** The listing's cards, or why there are none: an error to retry, placeholders, or nothing found. */
export function JobsResults({
  list,
  filtered,
  onClearAll,
}: {
  list: ReturnType<typeof useJobList>;
  /** Any filter is chosen: "nothing found" offers to clear them. */
  filtered: boolean;
  onClearAll: () => void;
}) {
  const data = list.data;
  const { items: jobs, drawing } = useProgressiveList(data?.jobs ?? NO_JOBS);

  if (list.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not load jobs">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">{errorMessage(list.error, 'Please try again.')}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => list.refetch()}>
            Try Again
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!data || drawing) {
    return (
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" aria-busy="true">
        {SKELETONS.map((k) => (
          <Skeleton key={k} h={240} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (data.jobs.length === 0) {
    return (
      <Paper withBorder radius="md">
        <EmptyState
          icon={<IconBriefcase size={28} />}
          title={MSG.noJobsFound}
          description={MSG.noJobsHint}
          action={
            filtered ? (
              <Button variant="light" onClick={onClearAll}>
                Clear all filters
              </Button>
            ) : null
          }
        />
      </Paper>
    );
  }
  return (
    <SimpleGrid
      cols={{ base: 1, lg: 2 }}
      spacing="md"
      className={classes.results}
      data-stale={list.isPlaceholderData || undefined}
      aria-busy={list.isFetching}
    >
      {jobs.map((job) => (
        <JobCard key={job._id} job={job} />
      ))}
    </SimpleGrid>
  );
}
