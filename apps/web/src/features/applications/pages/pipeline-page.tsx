import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, type ApplicationStatus } from '@agora/shared';
import { Alert, Anchor, Button, Container, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useJob } from '../../jobs/api/get-job';
import { useJobApplications } from '../api/job-applications';
import { ApplicantCard } from '../components/applicant-card';
import classes from '../components/applications.module.css';

function NotFound() {
  return (
    <Container size="sm" py="xl">
      <EmptyState
        icon={<IconUsers size={28} />}
        title="Job not found"
        description="This job does not exist, or its applicants are not yours to see."
        action={
          <Button variant="light" component={Link} to="/my-jobs">
            Back to My Jobs
          </Button>
        }
      />
    </Container>
  );
}

/**
 * /my-jobs/:id/applicants — the poster's (or an admin's) pipeline: a tab per status, each
 * applicant with the cover note, the answers, the résumé, the history and the next step.
 */
export function PipelinePage() {
  const { id = '' } = useParams();
  const job = useJob(id);
  const list = useJobApplications(id);
  const [tab, setTab] = useState<ApplicationStatus>('submitted');

  const missing = list.error instanceof ApiError && list.error.status === 404;
  if (missing) return <NotFound />;

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const counts = new Map<ApplicationStatus, number>();
  for (const a of items) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  const shown = items.filter((a) => a.status === tab);
  const questions = job.data?.screeningQuestions ?? [];

  return (
    <Container size="lg" py="xl">
      <Button
        component={Link}
        to="/my-jobs"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        mb="md"
        px={4}
      >
        My Jobs
      </Button>
      <Stack gap={4} mb="lg">
        <Title order={1} size="h2">
          Applicants
        </Title>
        {job.data ? (
          <Anchor component={Link} to={`/job/${id}`} className={classes.wrap}>
            {job.data.title} · {job.data.company.name}
          </Anchor>
        ) : null}
      </Stack>
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading the applicants" />
        </Group>
      ) : list.isError ? (
        <Alert color="red" title="Could not load the applicants">
          {errorMessage(list.error, 'Please try again in a moment.')}
        </Alert>
      ) : (
        <Tabs
          value={tab}
          onChange={(v) => v && setTab(v as ApplicationStatus)}
          variant="pills"
          keepMounted={false}
        >
          <Tabs.List mb="md" className={classes.tabList}>
            {APPLICATION_STATUSES.map((s) => (
              <Tabs.Tab key={s} value={s}>
                {APPLICATION_STATUS_LABELS[s]} ({counts.get(s) ?? 0})
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {APPLICATION_STATUSES.map((s) => (
            <Tabs.Panel key={s} value={s}>
              {shown.length === 0 ? (
                <Text c="dimmed" ta="center" py="lg">
                  No applicants here.
                </Text>
              ) : (
                <Stack gap="md">
                  {shown.map((a) => (
                    <ApplicantCard key={a._id} application={a} questions={questions} />
                  ))}
                </Stack>
              )}
            </Tabs.Panel>
          ))}
          {list.hasNextPage ? (
            <Group justify="center" mt="md">
              <Button
                variant="default"
                onClick={() => list.fetchNextPage()}
                loading={list.isFetchingNextPage}
              >
                Load more
              </Button>
            </Group>
          ) : null}
        </Tabs>
      )}
    </Container>
  );
}
