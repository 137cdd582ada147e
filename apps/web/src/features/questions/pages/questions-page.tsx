import { MSG } from '@agora/shared';
import { Box, Button, Group, Indicator, Paper, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconPlus, IconSearch, IconWallet } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LazyDrawer } from '../../../components/lazy-overlay';
import { NewTabMark } from '../../../components/new-tab';
import { RoutePending } from '../../../components/route-pending';
import { setRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import { useAnsweredQuestions, usePublicQuestions } from '../api/list-questions';
import { readCategories, readRewardRange, readSort } from '../api/prefetch';
import { CategoryFilter } from '../components/category-filter';
import { QuestionList } from '../components/question-list';
import type { RewardRange } from '../components/reward-filter';
import { SortMenu } from '../components/sort-menu';
import { ResizableSplit } from '../components/resizable-split';
import { withFullStyles } from '../../../app/styles/load-full-styles';

// The open question (answers, Markdown, attachments) loads when one is opened: the list is the
// first screen, and on a slow phone every kilobyte before it counts (Lighthouse mobile).
// (It and the reward range wait for the complete stylesheet: the page itself needs only the portal
// styles, RouteHandle.portalStyles.)
const QuestionView = lazy(() =>
  withFullStyles(import('../components/question-view')).then((m) => ({ default: m.QuestionView })),
);

// The reward range's number inputs (and their formatting library) load with the filters: on a
// phone, when the filter drawer first opens.
const RewardFilter = lazy(() =>
  withFullStyles(import('../components/reward-filter')).then((m) => ({ default: m.RewardFilter })),
);

/** Height of the split area on wide screens: the viewport minus the top bar and this page's header. */
// The test-mode strip's height too (0 without it): the panes' last lines stay above the strip.
const SPLIT_HEIGHT = 'calc(100dvh - 60px - 150px - var(--agora-test-mode-h, 0px))';

/** /questions — spec 01 §2 "Inquiry Space". Filters, sort, tab and the selected question live in the URL. */
export function QuestionsPage() {
  const navigate = useNavigate();
  const auth = useAuth();
  const viewerId = auth.isLoggedIn ? (auth.user?.id ?? null) : null;
  const [params, setParams] = useSearchParams();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [drawer, setDrawer] = useState(false);

  const sort = readSort(params.get('sort'));
  const categories = useMemo(() => readCategories(params), [params]);
  const { minReward, maxReward } = readRewardRange(params);
  const tab = params.get('tab') === 'answered' ? 'answered' : 'open';
  const selected = params.get('question');
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);

  const update = (patch: Record<string, string | string[] | null>) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          next.delete(k);
          if (Array.isArray(v)) for (const x of v) next.append(k, x);
          else if (v !== null && v !== '') next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the URL
  useEffect(() => {
    if ((params.get('q') ?? '') !== debounced) update({ q: debounced || null });
  }, [debounced]);

  const list = usePublicQuestions({ categories, sort, q: debounced, minReward, maxReward });
  const answered = useAnsweredQuestions(viewerId);
  const answeredTotal = answered.data?.pages[0]?.total ?? 0;

  const select = (id: string | null) => update({ question: id });
  const askQuestion = () => {
    if (!auth.isLoggedIn) {
      setRedirectAfterLogin('/ask-question');
      navigate('/login');
      return;
    }
    // spec 01 §2: the create-question page opens in its own window.
    const w = window.open('/ask-question', '_blank');
    if (!w) navigate('/ask-question');
  };

  const rewardFiltered = minReward !== null || maxReward !== null;
  const filtered = categories.length > 0 || debounced !== '' || rewardFiltered;
  const setReward = (r: RewardRange) =>
    update({
      minReward: r.min === null ? null : String(r.min),
      maxReward: r.max === null ? null : String(r.max),
    });
  const filters = (
    <Stack gap="lg">
      <CategoryFilter selected={categories} onChange={(c) => update({ category: c })} />
      <Suspense fallback={null}>
        <RewardFilter value={{ min: minReward, max: maxReward }} onChange={setReward} />
      </Suspense>
    </Stack>
  );
  const openItems = list.data?.pages.flatMap((p) => p.items) ?? [];
  const answeredItems = answered.data?.pages.flatMap((p) => p.items) ?? [];

  const openList = (
    <QuestionList
      items={openItems}
      pending={list.isPending}
      error={list.isError}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      loadMore={() => void list.fetchNextPage()}
      selectedId={selected}
      onSelect={select}
      empty={
        filtered || sort === 'solved'
          ? { title: MSG.noQuestionsFound, description: 'Try other categories, words or rewards.' }
          : { title: MSG.noOpenQuestions, description: 'Be the first to ask one.' }
      }
    />
  );
  const answeredList = viewerId ? (
    <QuestionList
      items={answeredItems}
      pending={answered.isPending}
      error={answered.isError}
      hasMore={answered.hasNextPage}
      loadingMore={answered.isFetchingNextPage}
      loadMore={() => void answered.fetchNextPage()}
      selectedId={selected}
      onSelect={select}
      empty={{ title: MSG.noAnsweredQuestions, description: 'Questions you answer will appear here.' }}
    />
  ) : (
    <Paper withBorder p="lg" ta="center">
      <Stack align="center" gap="xs">
        <Title order={3} size="h5">
          {MSG.signInToAnswer}
        </Title>
        <Button
          onClick={() => {
            setRedirectAfterLogin('/questions?tab=answered');
            navigate('/login');
          }}
        >
          Sign in
        </Button>
      </Stack>
    </Paper>
  );

  const listArea = (
    <Tabs
      value={tab}
      onChange={(v) => update({ tab: v === 'answered' ? 'answered' : null })}
      keepMounted={false}
    >
      <Tabs.List mb="sm">
        <Tabs.Tab value="open">Open Questions</Tabs.Tab>
        <Tabs.Tab value="answered">Answered ({answeredTotal})</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="open">{openList}</Tabs.Panel>
      <Tabs.Panel value="answered">{answeredList}</Tabs.Panel>
    </Tabs>
  );

  return (
    <Box px={{ base: 'sm', md: 'lg' }} py="md" maw={1600} mx="auto">
      <Stack gap="sm" mb="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1} size="h2">
            Inquiry Space
          </Title>
          <Group gap="xs" wrap="wrap">
            {auth.isLoggedIn ? (
              <Button component={Link} to="/wallet" variant="default" leftSection={<IconWallet size={16} />}>
                My Wallet
              </Button>
            ) : null}
            <Button onClick={askQuestion} leftSection={<IconPlus size={16} />}>
              Ask Question
              {auth.isLoggedIn ? <NewTabMark /> : null}
            </Button>
          </Group>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {!wide ? (
            <Indicator
              label={categories.length + (rewardFiltered ? 1 : 0)}
              size={16}
              disabled={categories.length === 0 && !rewardFiltered}
            >
              <Button
                variant="default"
                onClick={() => setDrawer(true)}
                leftSection={<IconAdjustmentsHorizontal size={16} />}
              >
                Filters
              </Button>
            </Indicator>
          ) : null}
          <TextInput
            aria-label="Search questions"
            // Beside Filters and Sort on a phone there is room for about nine characters: a short
            // placeholder reads whole there ("Search qu" did not); the label names it in full.
            placeholder={wide ? 'Search questions' : 'Search'}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: 1 }}
            maxLength={200}
          />
          <SortMenu sort={sort} wide={wide} onSort={(s) => update({ sort: s === 'date-new' ? null : s })} />
        </Group>
      </Stack>

      <Group align="flex-start" gap="lg" wrap="nowrap">
        {wide ? (
          <Paper withBorder p="md" w={250} miw={250} component="aside" aria-label="Filter questions">
            {filters}
          </Paper>
        ) : null}
        <Box style={{ flex: 1, minWidth: 0 }}>
          {wide && selected ? (
            <ResizableSplit
              height={SPLIT_HEIGHT}
              left={<Box pr="xs">{listArea}</Box>}
              right={
                <Paper withBorder radius="md" mih="100%">
                  <Suspense fallback={<RoutePending />}>
                    <QuestionView key={selected} id={selected} mode="panel" onClose={() => select(null)} />
                  </Suspense>
                </Paper>
              }
            />
          ) : (
            listArea
          )}
        </Box>
      </Group>

      <LazyDrawer
        opened={!wide && drawer}
        onClose={() => setDrawer(false)}
        title="Filter questions"
        position="left"
        size={300}
      >
        {filters}
      </LazyDrawer>
      <LazyDrawer
        opened={!wide && !!selected}
        onClose={() => select(null)}
        position="bottom"
        size="92%"
        title="Question"
        padding={0}
        styles={{ header: { paddingInline: 'var(--mantine-spacing-md)' } }}
      >
        {selected && !wide ? (
          <Suspense fallback={<RoutePending />}>
            <QuestionView key={selected} id={selected} mode="panel" />
          </Suspense>
        ) : null}
      </LazyDrawer>
    </Box>
  );
}
