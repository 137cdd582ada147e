import { type ReferralRequest, shortDate } from '@agora/shared';
import { Alert, Anchor, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserShare } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { errorMessage } from '../../../lib/api-client';
import { useAnswerReferral, useReferralsToMe } from '../api/referrals';
import classes from '../components/applications.module.css';
import { ReferralStatusBadge } from '../components/referral-network';

/** One request sent to me: who asks, for which job, their message, and my answer. */
function RequestCard({ request: r }: { request: ReferralRequest }) {
  const answer = useAnswerReferral();
  const send = (accept: boolean) =>
    answer.mutate(
      { id: r._id, accept },
      {
        onSuccess: () =>
          notifications.show({
            color: accept ? 'green' : 'gray',
            title: accept ? 'Referral accepted' : 'Referral declined',
            message: accept
              ? `${r.applicant.displayName} has been told, and the hiring team sees that you referred them.`
              : `${r.applicant.displayName} has been told.`,
          }),
      },
    );
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`referral-${r._id}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0}>
            <Text fw={600} id={`referral-${r._id}`} className={classes.wrap}>
              {r.applicant.displayName} asks you for a referral
            </Text>
            <Text size="sm" c="dimmed" className={classes.wrap}>
              For{' '}
              <Anchor component={Link} to={`/job/${r.job._id}`}>
                {r.job.title}
              </Anchor>{' '}
              at {r.job.company} · asked on {shortDate(r.createdAt)}
            </Text>
          </Stack>
          <ReferralStatusBadge status={r.status} />
        </Group>
        {r.message ? (
          <Text size="sm" className={classes.prose}>
            “{r.message}”
          </Text>
        ) : null}
        {r.status === 'pending' ? (
          <Group justify="flex-end" gap="xs">
            <Button
              variant="default"
              size="compact-sm"
              loading={answer.isPending}
              onClick={() => send(false)}
            >
              Decline
            </Button>
            <Button size="compact-sm" loading={answer.isPending} onClick={() => send(true)}>
              Accept
            </Button>
          </Group>
        ) : r.answeredAt ? (
          <Text size="xs" c="dimmed">
            Answered on {shortDate(r.answeredAt)}
          </Text>
        ) : null}
        {answer.error ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(answer.error, 'Could not send your answer. Please try again.')}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

/** /referrals — referral requests sent to me by people in my network, to accept or decline. */
export function ReferralsPage() {
  const list = useReferralsToMe();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Container size="md" py="xl">
      <Stack gap={4} mb="lg">
        <Title order={1}>Referral requests</Title>
        <Text c="dimmed">
          People you follow, or who follow you, asking you to refer them for a job at your company.
        </Text>
      </Stack>
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading referral requests" />
        </Group>
      ) : list.isError ? (
        <Alert color="red" title="Could not load referral requests">
          {errorMessage(list.error, 'Please try again in a moment.')}
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconUserShare size={28} />}
          title="No referral requests"
          description="When someone in your network applies to a job at your company and asks you to refer them, it appears here."
        />
      ) : (
        <Stack gap="md">
          {items.map((r) => (
            <RequestCard key={r._id} request={r} />
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
    </Container>
  );
}
