import type { TeamRequest } from '@agora/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useAnswerRequest } from '../../api/teams';

/** The caller's pending join requests (withdraw) and the invitations waiting for them (accept / decline). */
export function MyRequests({ requests }: { requests: TeamRequest[] }) {
  const answer = useAnswerRequest();
  const busy = (rid: string) => answer.isPending && answer.variables?.rid === rid;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-requests-title">
      <Title order={4} id="my-requests-title" mb="xs">
        Your requests and invitations
      </Title>
      <Stack gap="xs">
        {requests.map((r) => (
          <Group key={r._id} justify="space-between" wrap="wrap" gap="xs" data-testid="my-request">
            <Text size="sm">
              {r.kind === 'invite' ? `${r.teamName} invited you to join` : `You asked to join ${r.teamName}`}
            </Text>
            <Group gap="xs">
              {r.kind === 'invite' ? (
                <Button
                  size="xs"
                  loading={busy(r._id)}
                  onClick={() => answer.mutate({ rid: r._id, answer: 'accept' })}
                  aria-label={`Accept the invitation of ${r.teamName}`}
                >
                  Accept
                </Button>
              ) : null}
              <Button
                size="xs"
                variant="default"
                loading={busy(r._id)}
                onClick={() => answer.mutate({ rid: r._id, answer: 'decline' })}
              >
                {r.kind === 'invite' ? 'Decline' : 'Withdraw'}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
