import { Button, Container, Divider, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { RoutePending } from '../../../components/route-pending';
import { useAuth } from '../../../lib/auth-store';
import { usePageTitle } from '../../../lib/page-title';
import { useDeferredArrival } from '../../../lib/use-progressive-list';
import { OfficialResponses } from '../../organizations/components/official-responses';
import { ResponseForm } from '../../organizations/components/response-form';
import { useRefreshIdea } from '../api/collaboration';
import { endIdeaVisit, useIdea } from '../api/get-idea';
import { IdeaBody } from '../components/idea-body';
import { IdeaCollaboration } from '../components/idea-collaboration';
import { IdeaCommentsSection, useDeferredComments } from '../components/idea-comments-section';
import { IdeaLifecycle } from '../components/idea-lifecycle';
import { IdeaNextSteps } from '../components/idea-next-steps';
import { IdeaPageActions } from '../components/idea-page-actions';

/** /idea/{id} — the idea, its status and team, official responses, next steps and comments. */
export function IdeaDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const idea = useIdea(id);
  const refreshIdea = useRefreshIdea(id);
  usePageTitle(idea.data ? `${idea.data.title} — Innovators Space` : undefined);
  const [commentsRef, showComments] = useDeferredComments();

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
          <IdeaBody idea={d} mine={mine} onOrganizationsSaved={() => void refreshIdea()} />
          <Divider />
          <IdeaPageActions idea={d} mine={mine} />
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

      <IdeaCommentsSection idea={d} show={showComments} placeRef={commentsRef} />
    </Container>
  );
}
