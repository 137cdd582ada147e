import { type Idea, MSG, plural } from '@agora/shared';
import {
  Anchor,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconEyeOff, IconRestore, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/relative-time';
import { useAuth } from '../../../lib/auth-store';
import { useHiddenIdeas } from '../api/hidden-ideas';
import { useDeleteIdea, useSetHidden } from '../api/idea-actions';
import { uniqueIdeas } from '../api/list-ideas';
import { IdeaTags } from '../components/idea-tags';
import { LoadMore } from '../components/load-more';
import { SignInPrompt } from '../components/sign-in-prompt';
import { showError } from '../../../lib/toasts';
import u from '../../../components/utilities.module.css';

/** spec 02 §2 /hidden-ideas: the signed-in user's hidden ideas with Restore and Delete. */
export function HiddenIdeasPage() {
  const { user, token } = useAuth();
  const hidden = useHiddenIdeas(token ? user?.id : undefined);
  const restore = useSetHidden();
  const del = useDeleteIdea();
  const [deleting, setDeleting] = useState<Idea | null>(null);

  if (!token || !user)
    return <SignInPrompt reason="Sign in to see and manage your hidden ideas." returnTo="/hidden-ideas" />;

  const ideas = uniqueIdeas(hidden.data?.pages);
  const total = hidden.data?.pages[0]?.totalItems ?? 0;

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
        Back
      </Button>
      <Group justify="space-between" mb="md">
        <div>
          <Title order={1} size="h2">
            Hidden Ideas
          </Title>
          <Text c="dimmed" size="sm">
            Only you can see these ideas. Restore one to show it to everyone again.
          </Text>
        </div>
        {hidden.data ? (
          <Badge size="lg" variant="light">
            {total}
          </Badge>
        ) : null}
      </Group>
      {hidden.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading hidden ideas" />
        </Center>
      ) : hidden.isError && !hidden.data ? (
        <Paper withBorder p="xl" ta="center" radius="md">
          <Text fw={600}>Could not load your hidden ideas.</Text>
          <Button mt="sm" variant="light" onClick={() => hidden.refetch()}>
            Try again
          </Button>
        </Paper>
      ) : ideas.length === 0 ? (
        <Paper withBorder p="xl" ta="center" radius="md">
          <IconEyeOff size={32} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text fw={600}>No hidden ideas</Text>
          <Text size="sm" c="dimmed">
            Ideas you hide appear here.
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm">
          {ideas.map((idea) => (
            <Paper key={idea._id} withBorder p="md" radius="md" component="article">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Anchor
                    component={Link}
                    to={`/idea/${idea._id}`}
                    fw={700}
                    c="grape.8"
                    className={u.breakWord}
                  >
                    {idea.title}
                  </Anchor>
                  <Badge variant="light" tt="none" className={u.noShrink}>
                    {idea.category}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed" lineClamp={3}>
                  {idea.description}
                </Text>
                <IdeaTags tags={idea.tags} />
                {idea.hiddenByAdmin ? (
                  <Text size="xs" c="dimmed">
                    {MSG.ideaHiddenByAdmin}.
                  </Text>
                ) : null}
                <Group justify="space-between">
                  <Text size="xs" c="dimmed">
                    Shared <RelativeTime date={idea.createdAt} /> · {plural(idea.likeCount, 'like')} ·{' '}
                    {plural(idea.commentCount, 'comment')}
                  </Text>
                  <Group gap="xs">
                    {idea.hiddenByAdmin ? (
                      <Badge
                        color="gray"
                        variant="light"
                        tt="none"
                        leftSection={<IconShieldLock size={12} />}
                      >
                        Hidden by a moderator
                      </Badge>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconRestore size={14} />}
                        loading={restore.isPending && restore.variables?.id === idea._id}
                        onClick={() =>
                          restore.mutate(
                            { id: idea._id, hidden: false },
                            {
                              onSuccess: () =>
                                notifications.show({
                                  color: 'green',
                                  title: 'Idea Restored',
                                  message: idea.title,
                                }),
                              onError: (err) => showError(err, 'Please try again.', 'Restore Failed'),
                            },
                          )
                        }
                      >
                        Restore
                      </Button>
                    )}
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => setDeleting(idea)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Group>
              </Stack>
            </Paper>
          ))}
          <LoadMore query={hidden} what="hidden ideas" />
        </Stack>
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete Idea" centered>
        <Text size="sm">
          This permanently deletes the idea with its likes and comments. This cannot be undone.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={del.isPending}
            onClick={() =>
              deleting &&
              del.mutate(deleting._id, {
                onSuccess: () => {
                  notifications.show({ color: 'green', title: 'Idea Deleted', message: deleting.title });
                  setDeleting(null);
                },
                onError: (err) => {
                  showError(err, 'Please try again.', MSG.ideaDeleteFailed);
                  setDeleting(null);
                },
              })
            }
          >
            Delete
          </Button>
        </Group>
      </Modal>
    </Container>
  );
}
