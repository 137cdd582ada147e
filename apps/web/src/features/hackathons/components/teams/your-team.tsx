import { type Team, TeamInviteBody } from '@agora/shared';
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useAuth } from '../../../../lib/auth-store';
import { useAnswerRequest, useInviteToTeam, useLeaveTeam } from '../../api/teams';
import u from '../../../../components/utilities.module.css';

/** The caller's team: members, the captain's invitations and answers to join requests, leaving. */
export function YourTeam({ team, ended }: { team: Team; ended: boolean }) {
  const { user } = useAuth();
  const invite = useInviteToTeam();
  const answer = useAnswerRequest();
  const leave = useLeaveTeam();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const captain = team.members.find((m) => m.role === 'captain')?.id === user?.id;
  const pending = (team.requests ?? []).filter((r) => r.status === 'pending');

  const sendInvite = (e: FormEvent) => {
    e.preventDefault();
    const parsed = TeamInviteBody.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter an e-mail address');
      return;
    }
    setError(null);
    invite.mutate({ teamId: team._id, email: parsed.data.email }, { onSuccess: () => setEmail('') });
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="your-team-title"
      data-testid="your-team"
    >
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={3} id="your-team-title" className={u.wrapAnywhere}>
          Your team: {team.name}
        </Title>
        <Badge variant="light" tt="none">
          {team.members.length}/{team.maxSize} members
        </Badge>
      </Group>
      <Stack gap={6}>
        {team.members.map((m) => (
          <Group key={m.id} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">
              {m.displayName}
              {m.role === 'captain' ? (
                <Text span c="dimmed">
                  {' '}
                  · captain
                </Text>
              ) : null}
            </Text>
            {!ended && (m.id === user?.id || (captain && m.role !== 'captain')) ? (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                loading={leave.isPending && leave.variables?.userId === m.id}
                onClick={() => leave.mutate({ teamId: team._id, userId: m.id, self: m.id === user?.id })}
              >
                {m.id === user?.id ? 'Leave team' : 'Remove'}
              </Button>
            ) : null}
          </Group>
        ))}
      </Stack>
      {pending.length ? (
        <Stack gap={6} mt="md">
          <Text size="sm" fw={600}>
            Pending
          </Text>
          {pending.map((r) => (
            <Group key={r._id} justify="space-between" wrap="wrap" gap="xs" data-testid="team-request">
              <Text size="sm">
                {r.kind === 'join'
                  ? `${r.user?.displayName ?? 'Someone'} asks to join${r.message ? `: “${r.message}”` : ''}`
                  : `Invited ${r.email ?? r.user?.displayName ?? ''}`}
              </Text>
              {captain && !ended ? (
                <Group gap="xs">
                  {r.kind === 'join' ? (
                    <Button
                      size="compact-sm"
                      onClick={() => answer.mutate({ rid: r._id, answer: 'accept' })}
                      aria-label={`Accept ${r.user?.displayName ?? 'request'}`}
                    >
                      Accept
                    </Button>
                  ) : null}
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => answer.mutate({ rid: r._id, answer: 'decline' })}
                  >
                    {r.kind === 'join' ? 'Decline' : 'Cancel'}
                  </Button>
                </Group>
              ) : null}
            </Group>
          ))}
        </Stack>
      ) : null}
      {captain && !ended && !team.full ? (
        <Group component="form" onSubmit={sendInvite} align="flex-end" mt="md" gap="xs" wrap="wrap">
          <TextInput
            label="Invite by e-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error}
            flex="1 1 220px"
          />
          <Button type="submit" loading={invite.isPending}>
            Invite
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
