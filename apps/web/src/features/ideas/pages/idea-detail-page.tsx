import { MSG } from '@agora/shared';
import {
  Badge,
  Button,
  Center,
  Container,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconEye,
  IconEyeOff,
  IconFlag,
  IconMessageCircle,
  IconRestore,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { StatCount } from '../../../components/stat-count';
import { RelativeTime } from '../../../components/relative-time';
import { LazyModal, lazyOverlay, OnFirstOpen } from '../../../components/lazy-overlay';
import { RoutePending } from '../../../components/route-pending';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { useIdleAfterLoad, useNearScreen } from '../../../lib/idle';
import { useDeferredArrival } from '../../../lib/use-progressive-list';
import { useFollowerCount } from '../api/follows';
import { endIdeaVisit, useIdea } from '../api/get-idea';
import { useDeleteIdea, useSetHidden } from '../api/idea-actions';
import { OfficialResponses } from '../../organizations/components/official-responses';
import { IdeaOrganizationsEditor } from '../../organizations/components/idea-organizations-editor';
import { OrganizationBadge } from '../../organizations/components/organization-badge';
import { ResponseForm } from '../../organizations/components/response-form';
import { useRefreshIdea } from '../api/collaboration';
import { FollowButton } from '../components/follow-button';
import { IdeaCollaboration } from '../components/idea-collaboration';
import { IdeaNextSteps } from '../components/idea-next-steps';
import { IdeaAttachments } from '../components/idea-attachments';
import { FollowIdeaButton, IdeaLifecycle } from '../components/idea-lifecycle';
import { LikeButton } from '../components/like-button';

// Below the idea: the comments (their form and its validation library) load after the page's
// first screen; the share and delete dialogs when they open.
const Comments = lazy(async () => ({ default: (await import('../components/comments')).Comments }));
const commentsLoading = (
  <Center py="md">
    <Loader size="sm" aria-label="Loading comments" />
  </Center>
);
const ShareDialog = lazyOverlay(() => import('../components/share-dialog').then((m) => m.ShareDialog));

/** The author's follower count (spec 02 §4, §7), kept current by the follow/unfollow answers. */
function AuthorFollowers({ authorId }: { authorId: string }) {
  const count = useFollowerCount(authorId);
  if (!count.data) return null;
  const n = count.data.count;
  return (
    <Text size="sm" c="dimmed" data-testid="author-follower-count">
      {n} {n === 1 ? 'follower' : 'followers'}
    </Text>
  );
}

export function IdeaDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const idea = useIdea(id);
  const setHidden = useSetHidden();
  const del = useDeleteIdea();
  const refreshIdea = useRefreshIdea(id);
  const [sharing, setSharing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  usePageTitle(idea.data ? `${idea.data.title} — Innovators Space` : undefined);
  // The comments (their form, its validation library) are below the idea: loaded once the page is
  // idle, or as soon as they are on the screen, not with the idea's first paint.
  const [commentsRef, commentsNear] = useNearScreen<HTMLDivElement>('0px');
  const idle = useIdleAfterLoad();
  const [showComments, setShowComments] = useState(false);
  if (!showComments && (idle || commentsNear)) setShowComments(true);

  useEffect(() => () => endIdeaVisit(id), [id]);

  // spec 02 §8: a missing idea or a load failure silently goes back to the listing.
  useEffect(() => {
    if (idea.isError) navigate('/ideas', { replace: true });
  }, [idea.isError, navigate]);

  // A merged idea's old link leads to the idea it became part of, saying so.
  const mergedInto = idea.data?.status === 'merged' ? idea.data.mergedInto : null;
  useEffect(() => {
    if (!mergedInto) return;
    notifications.show({
      color: 'blue',
      title: 'This idea was merged',
      message: 'It is now part of this idea: its likes, comments and followers moved here.',
    });
    navigate(`/idea/${mergedInto}`, { replace: true });
  }, [mergedInto, navigate]);

  // The idea first arrives in a deferred render (lib/use-progressive-list).
  const d = useDeferredArrival(idea.data);
  if (!d) return <RoutePending />;
  const mine = user?.id === d.author.id;
  const canManage = mine || user?.role === 'admin';

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
        onError: (err) =>
          notifications.show({
            color: 'red',
            title: MSG.ideaHideFailed,
            message: errorMessage(err, 'Please try again.'),
          }),
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
        notifications.show({
          color: 'red',
          title: MSG.ideaDeleteFailed,
          message: errorMessage(err, 'Please try again.'),
        });
      },
    });

  return (
    <Container size="md" py="lg">
      <Button
        component={Link}
        to="/ideas"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        mb="sm"
        px={0}
      >
        Back to ideas
      </Button>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="article">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
              {d.title}
            </Title>
            <Group gap={4} style={{ flexShrink: 0 }}>
              {d.hidden ? (
                <Badge color="gray" leftSection={<IconEyeOff size={12} />}>
                  {d.hiddenByAdmin ? 'Hidden by a moderator' : 'Hidden'}
                </Badge>
              ) : null}
              <Badge variant="light" tt="none">
                {d.category}
              </Badge>
            </Group>
          </Group>
          <Group gap="xs">
            <Text fw={600}>{d.author.displayName}</Text>
            <Text size="sm" c="dimmed" component="span">
              · <RelativeTime date={d.createdAt} />
            </Text>
            <FollowButton author={d.author} followed={d.authorFollowed} />
            <AuthorFollowers authorId={d.author.id} />
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{d.description}</Text>
          <IdeaAttachments idea={d} mine={mine} />
          {d.tags.length > 0 ? (
            <Group gap={4}>
              {d.tags.map((t) => (
                <Badge key={t} variant="outline" color="gray" tt="none">
                  #{t}
                </Badge>
              ))}
            </Group>
          ) : null}
          {d.organizations.length > 0 ? (
            <Group gap={6} data-testid="idea-organizations">
              <Text size="sm" c="dimmed">
                Tagged:
              </Text>
              {d.organizations.map((o) => (
                <OrganizationBadge key={o._id} org={o} />
              ))}
            </Group>
          ) : null}
          {mine && !d.hidden ? (
            <IdeaOrganizationsEditor
              ideaId={d._id}
              current={d.organizations}
              onSaved={() => void refreshIdea()}
            />
          ) : null}
          {d.contactInfo ? (
            <Text size="sm">
              <Text span fw={600}>
                Contact:{' '}
              </Text>
              {d.contactInfo}
            </Text>
          ) : null}
          <Divider />
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
          {mine ? (
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
            </Group>
          ) : null}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} mt="md">
        <IdeaLifecycle idea={d} canManage={canManage} />
      </Paper>

      {d.responses.length > 0 || (user && d.organizations.length > 0 && !d.hidden) ? (
        <Stack gap="md" mt="md">
          <OfficialResponses responses={d.responses} />
          {user && !d.hidden ? (
            <ResponseForm ideaId={d._id} tagged={d.organizations} onResponded={() => void refreshIdea()} />
          ) : null}
        </Stack>
      ) : null}

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} mt="md">
        <Stack gap="lg">
          <IdeaCollaboration idea={d} viewerId={user?.id ?? null} />
          <Divider />
          <IdeaNextSteps idea={d} signedIn={Boolean(user)} />
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} mt="md" ref={commentsRef}>
        {showComments ? (
          <Suspense fallback={commentsLoading}>
            <Comments
              ideaId={d._id}
              comments={d.comments}
              commentsCursor={d.commentsCursor}
              commentCount={d.commentCount}
              readOnly={d.hidden}
            />
          </Suspense>
        ) : (
          commentsLoading
        )}
      </Paper>

      <OnFirstOpen opened={sharing}>
        <ShareDialog idea={sharing ? d : null} onClose={() => setSharing(false)} />
      </OnFirstOpen>
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
    </Container>
  );
}
