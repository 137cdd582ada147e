import { type IdeaDetail, MSG } from '@agora/shared';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconEye,
  IconEyeOff,
  IconFlag,
  IconMessageCircle,
  IconRestore,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LazyModal, lazyOverlay, OnFirstOpen } from '../../../components/lazy-overlay';
import { StatCount } from '../../../components/stat-count';
import { useDeleteIdea, useSetHidden } from '../api/idea-actions';
import { FollowIdeaButton } from './idea-lifecycle';
import { LikeButton } from './like-button';
import { showError } from '../../../lib/toasts';

// The share and delete dialogs load when they open.
const ShareDialog = lazyOverlay(() => import('./share-dialog').then((m) => m.ShareDialog));

/** The author's own controls: hide or restore the idea (unless a moderator hid it), and delete it. */
function AuthorControls({ idea: d }: { idea: IdeaDetail }) {
  const navigate = useNavigate();
  const setHidden = useSetHidden();
  const del = useDeleteIdea();
  const [confirmDelete, setConfirmDelete] = useState(false);

  const toggleHidden = () =>
    setHidden.mutate(
      { id: d._id, hidden: !d.hidden },
      {
        onSuccess: (res) =>
          notifications.show({
            color: 'green',
            title: res.hidden ? 'Idea Hidden' : 'Idea Restored',
            message: res.hidden
              ? 'Only you can see this idea now.'
              : 'Your idea is visible to everyone again.',
          }),
        onError: (err) => showError(err, 'Please try again.', MSG.ideaHideFailed),
      },
    );

  const remove = () =>
    del.mutate(d._id, {
      onSuccess: () => {
        setConfirmDelete(false);
        notifications.show({ color: 'green', title: 'Idea Deleted', message: d.title });
        navigate('/ideas', { replace: true });
      },
      onError: (err) => {
        setConfirmDelete(false);
        showError(err, 'Please try again.', MSG.ideaDeleteFailed);
      },
    });

  return (
    <Group gap="xs">
      {d.hiddenByAdmin ? (
        <Text size="sm" c="dimmed">
          {MSG.ideaHiddenByAdmin}.
        </Text>
      ) : (
        <Button
          variant="default"
          leftSection={d.hidden ? <IconRestore size={16} /> : <IconEyeOff size={16} />}
          loading={setHidden.isPending}
          onClick={toggleHidden}
        >
          {d.hidden ? 'Restore' : 'Hide'}
        </Button>
      )}
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} />}
        onClick={() => setConfirmDelete(true)}
      >
        Delete
      </Button>
      <LazyModal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title="Delete Idea" centered>
        <Text size="sm">
          This permanently deletes the idea with its likes and comments. This cannot be undone.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            Cancel
          </Button>
          <Button color="red" loading={del.isPending} onClick={remove}>
            Delete
          </Button>
        </Group>
      </LazyModal>
    </Group>
  );
}

/**
 * Under the idea: its likes, comments and views; follow, share and report (a hidden idea cannot be
 * liked, followed or shared); the author's hide and delete.
 */
export function IdeaPageActions({ idea: d, mine }: { idea: IdeaDetail; mine: boolean }) {
  const [sharing, setSharing] = useState(false);
  return (
    <>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          {d.hidden ? null : <LikeButton idea={d} size="sm" />}
          <StatCount
            icon={<IconMessageCircle size={18} aria-hidden />}
            count={d.commentCount}
            noun="comment"
            size="sm"
          />
          <StatCount icon={<IconEye size={18} aria-hidden />} count={d.views} noun="view" size="sm" />
        </Group>
        <Group gap="xs">
          {d.hidden ? null : <FollowIdeaButton idea={d} />}
          {d.hidden ? null : (
            <Button
              variant="light"
              size="sm"
              leftSection={<IconShare size={16} />}
              onClick={() => setSharing(true)}
            >
              Share
            </Button>
          )}
          <Button
            variant="subtle"
            color="gray"
            size="sm"
            leftSection={<IconFlag size={16} />}
            onClick={() => notifications.show({ title: 'Report', message: MSG.reportStub })}
          >
            Report
          </Button>
        </Group>
      </Group>
      {mine ? <AuthorControls idea={d} /> : null}
      <OnFirstOpen opened={sharing}>
        <ShareDialog idea={sharing ? d : null} onClose={() => setSharing(false)} />
      </OnFirstOpen>
    </>
  );
}
