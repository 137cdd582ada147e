import { type Idea, IDEA_SORTS, plural } from '@agora/shared';
import {
  Anchor,
  Box,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconEyeOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth-store';
import { type IdeaSort, uniqueIdeas, useMyIdeas } from '../api/list-ideas';
import { readIdeaSort } from '../api/prefetch';
import { IdeaCard } from '../components/idea-card';
import { ErrorLoadingIdeas, IdeasErrorBoundary } from '../components/ideas-error-boundary';
import { LoadMore } from '../components/load-more';
import { ShareDialog } from '../components/share-dialog';
import { filterIdeas } from './ideas-page';
import { SignInPrompt } from '../components/sign-in-prompt';

const SORT_LABELS: Record<IdeaSort, string> = { newest: 'Newest', oldest: 'Oldest', popular: 'Most Popular' };

/**
 * /my-ideas (the avatar menu's "My Ideas"): the signed-in user's own visible ideas, with the
 * listing's cards, sort, client-side search and Load More. Hidden ones are on /hidden-ideas.
 */
export function MyIdeasPage() {
  const { user, token } = useAuth();
  const [params, setParams] = useSearchParams();
  const sort = readIdeaSort(params.get('sort'));
  const [text, setText] = useState('');
  const [sharing, setSharing] = useState<Idea | null>(null);
  const list = useMyIdeas(token ? user?.id : undefined, sort);
  const loaded = useMemo(() => uniqueIdeas(list.data?.pages), [list.data]);
  const shown = useMemo(() => filterIdeas(loaded, text), [loaded, text]);
  const total = list.data?.pages[0]?.totalItems ?? 0;

  if (!token || !user)
    return <SignInPrompt reason="Sign in to see the ideas you have shared." returnTo="/my-ideas" />;

  return (
    <Container size="md" py="lg">
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <Box>
          <Title order={1} size="h2" c="grape.8">
            My Ideas
          </Title>
          <Text c="dimmed" size="sm">
            {list.data ? `${plural(total, 'idea')} shared. ` : ''}
            Hidden ideas are under{' '}
            <Anchor component={Link} to="/hidden-ideas" size="sm" c="grape.8">
              Hidden Ideas
            </Anchor>
            .
          </Text>
        </Box>
        <Group gap="xs">
          <Button
            component={Link}
            to="/hidden-ideas"
            variant="default"
            leftSection={<IconEyeOff size={16} />}
          >
            Hidden Ideas
          </Button>
          <Button component={Link} to="/share-idea" leftSection={<IconPlus size={16} />}>
            Share Idea
          </Button>
        </Group>
      </Group>

      <Group gap="xs" mb="md" wrap="wrap">
        <TextInput
          aria-label="Filter my ideas"
          placeholder="Search my ideas..."
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          flex={1}
          miw={180}
        />
        <Select
          aria-label="Sort my ideas"
          data={IDEA_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
          value={sort}
          onChange={(v) => {
            if (!v) return;
            const next = new URLSearchParams(params);
            if (v === 'newest') next.delete('sort');
            else next.set('sort', v);
            setParams(next, { replace: true });
          }}
          allowDeselect={false}
          w={160}
        />
      </Group>

      <IdeasErrorBoundary>
        {list.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading your ideas" />
          </Center>
        ) : list.isError && !list.data ? (
          <ErrorLoadingIdeas />
        ) : (
          <Stack gap="sm">
            {shown.map((idea) => (
              <IdeaCard key={idea._id} idea={idea} onShare={setSharing} />
            ))}
            {shown.length === 0 ? (
              <Paper withBorder p="xl" radius="md" ta="center">
                <Text fw={600}>
                  {text.trim()
                    ? 'None of your loaded ideas match your search'
                    : 'You have not shared an idea yet'}
                </Text>
                <Text size="sm" c="dimmed" mb={text.trim() ? 0 : 'sm'}>
                  {text.trim() ? 'Try other words or load more ideas.' : 'Ideas you share appear here.'}
                </Text>
                {text.trim() ? null : (
                  <Button component={Link} to="/share-idea" variant="light">
                    Share your first idea
                  </Button>
                )}
              </Paper>
            ) : null}
            <LoadMore query={list} what="ideas" />
          </Stack>
        )}
      </IdeasErrorBoundary>
      <ShareDialog idea={sharing} onClose={() => setSharing(null)} />
    </Container>
  );
}
