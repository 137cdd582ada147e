import { Box, Button, Group, Indicator, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconPlus, IconSearch, IconWallet } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LazyDrawer } from '../../../components/lazy-overlay';
import { NewTabMark } from '../../../components/new-tab';
import { RoutePending } from '../../../components/route-pending';
import { setRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import { CategoryFilter } from '../components/category-filter';
import { QuestionTabs } from '../components/question-tabs';
import { useQuestionsParams } from '../lib/use-questions-params';
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
  const params = useQuestionsParams();
  const { categories, minReward, maxReward, sort, selected, select, update, rewardFiltered } = params;
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [drawer, setDrawer] = useState(false);

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

  const filters = (
    <Stack gap="lg">
      <CategoryFilter selected={categories} onChange={(c) => update({ category: c })} />
      <Suspense fallback={null}>
        <RewardFilter value={{ min: minReward, max: maxReward }} onChange={params.setReward} />
      </Suspense>
    </Stack>
  );
  const listArea = <QuestionTabs params={params} viewerId={viewerId} />;

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
            value={params.search}
            onChange={(e) => params.setSearch(e.currentTarget.value)}
            flex={1}
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
        <Box flex={1} miw={0}>
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
