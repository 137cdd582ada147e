import type { Application } from '@agora/shared';
import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBriefcase } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { errorMessage } from '../../../lib/api-client';
import { useMyApplications } from '../api/my-applications';
import { useWithdrawApplication } from '../api/withdraw-application';
import { MyApplicationCard } from '../components/my-application-card';
import { WithdrawDialog } from '../components/withdraw-dialog';

/** /my-applications — the seeker follows every application: where it stands and since when. */
export function MyApplicationsPage() {
  const list = useMyApplications();
  const withdraw = useWithdrawApplication();
  const [target, setTarget] = useState<Application | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const confirmWithdraw = () => {
    if (!target) return;
    withdraw.mutate(target._id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Withdrawn',
          message: `Your application to ${target.job.title} was withdrawn.`,
        });
        setTarget(null);
      },
    });
  };

  return (
    <Container size="md" py="xl">
      <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1}>My Applications</Title>
          <Text c="dimmed">The jobs you applied to and where each application stands.</Text>
        </Stack>
        <Group gap="xs">
          <Button variant="subtle" component={Link} to="/referrals">
            Referral requests to me
          </Button>
          <Button variant="default" component={Link} to="/jobhubs">
            Find jobs
          </Button>
        </Group>
      </Group>
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading your applications" />
        </Group>
      ) : list.isError ? (
        <Alert color="red" title="Could not load your applications">
          {errorMessage(list.error, 'Please try again in a moment.')}
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconBriefcase size={28} />}
          title="No applications yet"
          description="Apply to a job from its page and follow it here."
          action={
            <Button component={Link} to="/jobhubs">
              Browse jobs
            </Button>
          }
        />
      ) : (
        <Stack gap="md">
          {items.map((a) => (
            <MyApplicationCard key={a._id} application={a} onWithdraw={setTarget} />
          ))}
          {list.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => list.fetchNextPage()}
                loading={list.isFetchingNextPage}
              >
                Load more
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
      <WithdrawDialog
        application={target}
        pending={withdraw.isPending}
        error={withdraw.error}
        onCancel={() => {
          withdraw.reset();
          setTarget(null);
        }}
        onConfirm={confirmWithdraw}
      />
    </Container>
  );
}
