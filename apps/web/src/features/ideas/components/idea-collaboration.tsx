import {
  COLLABORATION_MESSAGE_MAX,
  IDEA_COLLABORATOR_ROLE_LABELS,
  IDEA_COLLABORATOR_ROLES,
  type IdeaDetail,
} from '@agora/shared';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { RelativeTime } from '../../../components/relative-time';
import {
  useCollaborationRequests,
  useDecideRequest,
  useLeaveTeam,
  useMyCollaborationRequest,
  useRequestToJoin,
} from '../api/collaboration';
import { showError } from '../../../lib/toasts';
import u from '../../../components/utilities.module.css';

type Role = (typeof IDEA_COLLABORATOR_ROLES)[number];

/** "Join as collaborator/mentor/expert" with a message; once sent, it says it is waiting. */
function JoinForm({ ideaId }: { ideaId: string }) {
  const mine = useMyCollaborationRequest(ideaId, true);
  const join = useRequestToJoin(ideaId);
  const [role, setRole] = useState<Role>('collaborator');
  const [message, setMessage] = useState('');
  const [open, setOpen] = useState(false);
  const pending = mine.data?.request;
  if (pending) {
    return (
      <Text size="sm" c="dimmed" data-testid="join-pending">
        You asked to join as {IDEA_COLLABORATOR_ROLE_LABELS[pending.role].toLowerCase()}; the author has not
        answered yet.
      </Text>
    );
  }
  if (!open) {
    return (
      <Button
        variant="light"
        leftSection={<IconUsersGroup size={16} />}
        onClick={() => setOpen(true)}
        className={u.selfStart}
      >
        Join this idea
      </Button>
    );
  }
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Join as"
        value={role}
        onChange={(v) => setRole(v as Role)}
        data={IDEA_COLLABORATOR_ROLES.map((r) => ({ value: r, label: IDEA_COLLABORATOR_ROLE_LABELS[r] }))}
      />
      <Textarea
        label="Message to the author"
        placeholder="What you bring and how you would help"
        autosize
        minRows={2}
        maxLength={COLLABORATION_MESSAGE_MAX}
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
      />
      <Group gap="xs">
        <Button
          loading={join.isPending}
          onClick={() =>
            join.mutate(
              { role, message },
              {
                onSuccess: () =>
                  notifications.show({
                    color: 'green',
                    title: 'Request sent',
                    message: 'The author will answer it.',
                  }),
                onError: (err) => showError(err, 'Please try again.', 'Could not send'),
              },
            )
          }
        >
          Join as {IDEA_COLLABORATOR_ROLE_LABELS[role].toLowerCase()}
        </Button>
        <Button variant="default" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

/** The author's list of requests, pending ones with Accept and Decline. */
function Requests({ ideaId }: { ideaId: string }) {
  const requests = useCollaborationRequests(ideaId, true);
  const decide = useDecideRequest(ideaId);
  const list = requests.data ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="xs" id="collaboration-requests">
      <Text fw={600}>Requests to join</Text>
      {list.map((r) => (
        <Paper key={r._id} withBorder radius="sm" p="sm" data-testid="collaboration-request">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm">
                <Text span fw={600}>
                  {r.user.displayName}
                </Text>{' '}
                as {IDEA_COLLABORATOR_ROLE_LABELS[r.role].toLowerCase()} · <RelativeTime date={r.createdAt} />
              </Text>
              {r.message ? (
                <Text size="sm" c="dimmed" className={u.preWrap}>
                  {r.message}
                </Text>
              ) : null}
            </div>
            {r.status === 'pending' ? (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="xs"
                  loading={decide.isPending && decide.variables?.id === r._id}
                  onClick={() => decide.mutate({ id: r._id, accept: true })}
                >
                  Accept
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => decide.mutate({ id: r._id, accept: false })}
                >
                  Decline
                </Button>
              </Group>
            ) : (
              <Badge variant="light" color={r.status === 'accepted' ? 'green' : 'gray'} tt="none">
                {r.status === 'accepted' ? 'Accepted' : 'Declined'}
              </Badge>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** The idea's team; people join as collaborators, mentors or experts once the author accepts. */
export function IdeaCollaboration({ idea, viewerId }: { idea: IdeaDetail; viewerId: string | null }) {
  const leave = useLeaveTeam(idea._id);
  const mine = viewerId === idea.author.id;
  const onTeam = idea.team.some((m) => m.id === viewerId);
  return (
    <Stack gap="sm" data-testid="idea-team">
      <Title order={2} size="h4">
        Team
      </Title>
      {idea.team.length === 0 ? (
        <Text size="sm" c="dimmed">
          No collaborators yet.
        </Text>
      ) : (
        <Group gap="xs">
          {idea.team.map((m) => (
            <Badge key={m.id} variant="light" tt="none" size="lg">
              {m.displayName} · {IDEA_COLLABORATOR_ROLE_LABELS[m.role]}
            </Badge>
          ))}
        </Group>
      )}
      {mine ? <Requests ideaId={idea._id} /> : null}
      {viewerId && !mine && !onTeam && !idea.hidden ? <JoinForm ideaId={idea._id} /> : null}
      {onTeam ? (
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          loading={leave.isPending}
          onClick={() => leave.mutate()}
          className={u.selfStart}
        >
          Leave the team
        </Button>
      ) : null}
    </Stack>
  );
}
