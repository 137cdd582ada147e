import { type Idea, IDEA_CATEGORIES, IDEA_SORTS, IDEA_STATUS_LABELS, IDEA_STATUSES } from '@agora/shared';
import {
  Box,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconCategory, IconEyeOff, IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LazyDrawer, LazyModal, lazyOverlay, OnFirstOpen } from '../../../components/lazy-overlay';
import { NewTabMark } from '../../../components/new-tab';
import { RoutePending } from '../../../components/route-pending';
import { useAuth } from '../../../lib/auth-store';
import { useProgressiveList } from '../../../lib/use-progressive-list';
import { useIdeaCategories } from '../api/get-categories';
import { type IdeaSort, uniqueIdeas, useIdeasList } from '../api/list-ideas';
import { readIdeaSort } from '../api/prefetch';
import { CategorySidebar } from '../components/category-sidebar';
import { IdeaCard } from '../components/idea-card';
import { LoadMore } from '../components/load-more';
import { ErrorLoadingIdeas, IdeasErrorBoundary } from '../components/ideas-error-boundary';
import { notifyLoginRequired } from '../lib/login-required';

// The share form (and the validation library it brings) loads when it is opened, not with the list;
// so do the dialogs and the category drawer (lazy-overlay.tsx): the first screen opens nothing.
const IdeaForm = lazy(() => import('../components/idea-form').then((m) => ({ default: m.IdeaForm })));
const ShareDialog = lazyOverlay(() => import('../components/share-dialog').then((m) => m.ShareDialog));

const SORT_LABELS: Record<IdeaSort, string> = { newest: 'Newest', oldest: 'Oldest', popular: 'Most Popular' };

/** spec 02 §2 client-side search: case-insensitive on title, description or category. */
export function filterIdeas(ideas: Idea[], text: string): Idea[] {
  const q = text.trim().toLowerCase();
  if (!q) return ideas;
  return ideas.filter((i) => [i.title, i.description, i.category].some((f) => f.toLowerCase().includes(q)));
}

export function IdeasPage() {
  const { isLoggedIn } = useAuth();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') || 'All';
  const sort = readIdeaSort(params.get('sort'));
  const status = (IDEA_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? params.get('status')!
    : '';
  const [text, setText] = useState(params.get('q') ?? '');
  // The search box asks the server (every idea, in this sort, category and status), once typing pauses.
  const [q] = useDebouncedValue(text.trim(), 300);
  const [drawer, drawerCtl] = useDisclosure(false);
  const [formOpen, formCtl] = useDisclosure(false);
  const [sharing, setSharing] = useState<Idea | null>(null);
  // The category sidebar is drawn on wide screens only (a phone opens the drawer instead).
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

  const counts = useIdeaCategories();
  const list = useIdeasList(category, sort, status, q);
  const shown = useMemo(() => uniqueIdeas(list.data?.pages), [list.data]);
  // The cards are drawn in a deferred render (a slow phone's main thread: lib/use-progressive-list).
  const { items: cards, drawing } = useProgressiveList(shown);

  const setParam = (key: string, value: string, fallback: string) => {
    const next = new URLSearchParams(params);
    if (value === fallback) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <Box>
          <Title order={1} size="h2" c="grape.8">
            Innovators Space
          </Title>
          <Text c="dimmed" size="sm">
            Discover ideas, follow innovators and share your own.
          </Text>
        </Box>
        <Group gap="xs">
          <Button component={Link} to="/followers" variant="default" leftSection={<IconUsers size={16} />}>
            Followers
          </Button>
          {isLoggedIn ? (
            <Button
              component={Link}
              to="/hidden-ideas"
              variant="default"
              leftSection={<IconEyeOff size={16} />}
            >
              Hidden Ideas
            </Button>
          ) : null}
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => (isLoggedIn ? formCtl.open() : notifyLoginRequired('share an idea'))}
          >
            Quick Share
          </Button>
          {/* spec 02 §2: this button opens /share-idea in a new tab, and says so. */}
          <Button component="a" href="/share-idea" target="_blank" rel="noopener">
            Share Idea
            <NewTabMark />
          </Button>
        </Group>
      </Group>

      <Grid gap="lg">
        {wide ? (
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper withBorder p="xs" radius="md" pos="sticky" top={76}>
              <CategorySidebar counts={counts.data} active={category} />
            </Paper>
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Group gap="xs" mb="md" wrap="wrap">
            {wide ? null : (
              <Button
                variant="default"
                leftSection={<IconCategory size={16} />}
                onClick={drawerCtl.open}
                aria-label={`Categories: ${category}`}
              >
                {category}
              </Button>
            )}
            <TextInput
              aria-label="Search ideas"
              placeholder="Search all ideas..."
              leftSection={<IconSearch size={16} />}
              rightSection={list.isFetching && q ? <Loader size="xs" aria-label="Searching" /> : null}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              flex={1}
              miw={180}
            />
            <NativeSelect
              aria-label="Filter by status"
              data={[
                { value: '', label: 'Any status' },
                ...IDEA_STATUSES.filter((s) => s !== 'merged').map((s) => ({
                  value: s,
                  label: IDEA_STATUS_LABELS[s],
                })),
              ]}
              value={status}
              onChange={(e) => setParam('status', e.currentTarget.value, '')}
              w={150}
            />
            {/* A native select: the phone's own picker, and no dropdown library on the first screen. */}
            <NativeSelect
              aria-label="Sort ideas"
              data={IDEA_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
              value={sort}
              onChange={(e) => setParam('sort', e.currentTarget.value, 'newest')}
              w={160}
            />
          </Group>

          <IdeasErrorBoundary>
            {list.isPending || drawing ? (
              <Center py="xl">
                <Loader aria-label="Loading ideas" />
              </Center>
            ) : list.isError && !list.data ? (
              <ErrorLoadingIdeas />
            ) : (
              <Stack gap="sm">
                {cards.map((idea) => (
                  <IdeaCard key={idea._id} idea={idea} onShare={setSharing} />
                ))}
                {shown.length === 0 ? (
                  <Paper withBorder p="xl" radius="md" ta="center">
                    <Text fw={600}>{q ? 'No ideas match your search' : 'No ideas yet'}</Text>
                    <Text size="sm" c="dimmed">
                      {q || status
                        ? 'Try other words, another category or status.'
                        : 'Be the first to share an idea in this category.'}
                    </Text>
                  </Paper>
                ) : null}
                <LoadMore query={list} what="ideas" />
              </Stack>
            )}
          </IdeasErrorBoundary>
        </Grid.Col>
      </Grid>

      <LazyDrawer opened={drawer} onClose={drawerCtl.close} title="Categories" size="xs">
        <CategorySidebar counts={counts.data} active={category} onSelect={drawerCtl.close} />
      </LazyDrawer>
      <LazyModal opened={formOpen} onClose={formCtl.close} title="Share Your Idea" size="lg">
        <Suspense fallback={<RoutePending />}>
          <IdeaForm
            categories={IDEA_CATEGORIES}
            tagsAs="array"
            withContactInfo={false}
            onCancel={formCtl.close}
            onShared={() => formCtl.close()}
          />
        </Suspense>
      </LazyModal>
      <OnFirstOpen opened={sharing !== null}>
        <ShareDialog idea={sharing} onClose={() => setSharing(null)} />
      </OnFirstOpen>
    </Container>
  );
}
