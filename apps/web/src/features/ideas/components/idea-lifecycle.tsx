import {
  IDEA_SETTABLE_STATUSES,
  IDEA_STATUS_LABELS,
  IDEA_STATUS_NOTE_MAX,
  type IdeaDetail,
  type IdeaStatus,
} from '@agora/shared';
import {
  Button,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconBellOff, IconGitMerge } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RelativeTime } from '../../../components/relative-time';
import { useAuth } from '../../../lib/auth-store';
import { useFollowIdea, useMergeIdea, useSetIdeaStatus } from '../api/idea-lifecycle';
import { notifyLoginRequired } from '../lib/login-required';
import { IdeaStatusBadge } from './idea-status-badge';
import { showError } from '../../../lib/toasts';
import u from '../../../components/utilities.module.css';

/** Follow this idea (not its author): status changes, official responses and merges reach you. */
export function FollowIdeaButton({ idea }: { idea: IdeaDetail }) {
  const { isLoggedIn } = useAuth();
  const follow = useFollowIdea();
  const on = idea.following;
  return (
    <Button
      variant={on ? 'light' : 'outline'}
      size="sm"
      leftSection={on ? <IconBellOff size={16} /> : <IconBell size={16} />}
      loading={follow.isPending}
      aria-pressed={on}
      onClick={() => {
        if (!isLoggedIn) return notifyLoginRequired('follow an idea');
        follow.mutate(
          { id: idea._id, follow: !on },
          {
            onSuccess: (r) =>
              notifications.show({
                color: 'teal',
                message: r.following
                  ? 'You will hear of its status changes, responses and merges.'
                  : 'You no longer follow this idea.',
              }),
            onError: (err) => showError(err, 'Could not change that'),
          },
        );
      }}
    >
      {on ? 'Following idea' : 'Follow idea'} · {idea.followerCount}
    </Button>
  );
}

/** The author's (or an admin's) status control: a status and an optional note for the timeline. */
function StatusControl({ idea }: { idea: IdeaDetail }) {
  const set = useSetIdeaStatus();
  const form = useForm({
    initialValues: {
      status: (idea.status === 'merged' ? 'new' : idea.status) as (typeof IDEA_SETTABLE_STATUSES)[number],
      note: '',
    },
  });
  return (
    <form
      onSubmit={form.onSubmit(({ status, note }) => {
        set.mutate(
          { id: idea._id, body: { status, note } },
          {
            onSuccess: () => {
              form.setFieldValue('note', '');
              notifications.show({ color: 'teal', message: 'Status updated; followers are notified.' });
            },
            onError: (err) => showError(err, 'Could not update the status'),
          },
        );
      })}
    >
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label="New status"
            data={IDEA_SETTABLE_STATUSES.map((s) => ({ value: s, label: IDEA_STATUS_LABELS[s] }))}
            {...form.getInputProps('status')}
            w={170}
          />
          <Button type="submit" loading={set.isPending}>
            Update status
          </Button>
        </Group>
        <Textarea
          label="Note (optional)"
          placeholder="What changed, what comes next"
          autosize
          minRows={1}
          maxLength={IDEA_STATUS_NOTE_MAX}
          {...form.getInputProps('note')}
        />
      </Stack>
    </form>
  );
}

/** Merges this idea into another one (an admin, or the author of both), given its link or id. */
function MergeControl({ idea }: { idea: IdeaDetail }) {
  const merge = useMergeIdea();
  const navigate = useNavigate();
  const [target, setTarget] = useState('');
  const intoId = target.trim().split('/').filter(Boolean).pop() ?? '';
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        label="Merge this duplicate into"
        placeholder="Link or id of the other idea"
        value={target}
        onChange={(e) => setTarget(e.currentTarget.value)}
        flex={1}
        miw={220}
      />
      <Button
        variant="default"
        leftSection={<IconGitMerge size={16} />}
        disabled={!intoId}
        loading={merge.isPending}
        onClick={() =>
          merge.mutate(
            { id: idea._id, body: { intoId } },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'teal',
                  message: 'Merged: its likes, comments and followers moved.',
                });
                navigate(`/idea/${intoId}`, { replace: true });
              },
              onError: (err) => showError(err, 'Could not merge'),
            },
          )
        }
      >
        Merge
      </Button>
    </Group>
  );
}

/** The idea's lifecycle on its page: where it stands, its timeline, and the author's controls. */
export function IdeaLifecycle({ idea, canManage }: { idea: IdeaDetail; canManage: boolean }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="idea-timeline-title">
      <Group gap="xs">
        <Title order={2} size="h5" id="idea-timeline-title">
          Status
        </Title>
        <IdeaStatusBadge status={idea.status as IdeaStatus} size="md" />
      </Group>
      {idea.timeline.length > 0 ? (
        <Timeline bulletSize={14} lineWidth={2} active={idea.timeline.length - 1}>
          {idea.timeline.map((e) => (
            <Timeline.Item key={e._id} title={IDEA_STATUS_LABELS[e.status]}>
              {e.note ? (
                <Text size="sm" className={u.preWrapBreakWord}>
                  {e.note}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {e.actor ? `${e.actor.displayName} · ` : ''}
                <RelativeTime date={e.createdAt} />
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      ) : (
        <Text size="sm" c="dimmed">
          No status changes yet.
        </Text>
      )}
      {canManage && idea.status !== 'merged' && !idea.hidden ? (
        <>
          <StatusControl idea={idea} />
          <MergeControl idea={idea} />
        </>
      ) : null}
    </Stack>
  );
}
