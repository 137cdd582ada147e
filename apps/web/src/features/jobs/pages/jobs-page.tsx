import { JOB_EMPLOYMENT_TYPES, JOB_SORTS, MSG } from '@agora/shared';
import {
  Alert,
  Box,
  Button,
  Collapse,
  Container,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconBriefcase, IconFilter, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useOpenedOnce } from '../../../components/lazy-overlay';
import { SaveSearchButton } from '../../job-alerts/components/save-search-button';
import { errorMessage } from '../../../lib/api-client';
import { useProgressiveList } from '../../../lib/use-progressive-list';
import { useAuth } from '../../../lib/auth-store';
import { useJobCategories } from '../api/get-categories';
import { useJobList } from '../api/list-jobs';
import { ActiveFilters } from '../components/active-filters';
import { CategoryFilter } from '../components/category-filter';
import { JobCard } from '../components/job-card';
import { JobsPagination } from '../components/jobs-pagination';
import { JobsSearchBar } from '../components/jobs-search-bar';
import {
  hasFilters,
  type JobListParams,
  type JobSort,
  LEVEL_OPTIONS,
  levelLabel,
  paramsFromSearch,
  SORT_LABELS,
  searchFromParams,
} from '../lib/filters';
import { withFullStyles } from '../../../app/styles/load-full-styles';

const ALL = 'all';
/** The Sort By option of a search with no chosen order (the server ranks by relevance). */
const RELEVANCE = 'relevance';
// Signed-in viewers only: visitors never download it.
const RecommendedJobs = lazy(async () => ({
  default: (await withFullStyles(import('../components/recommended-jobs'))).RecommendedJobs,
}));
const NO_JOBS: never[] = [];

/** /jobhubs — spec 03 §2 listing; every filter lives in the URL. */
export function JobsPage() {
  const [sp, setSp] = useSearchParams();
  const { isLoggedIn } = useAuth();
  const fromUrl = useMemo(() => paramsFromSearch(sp), [sp]);
  // "Best match" needs a profile: a visitor's link with it lists by the default order.
  const params = useMemo(
    () => (!isLoggedIn && fromUrl.sort === 'match' ? { ...fromUrl, sort: null } : fromUrl),
    [fromUrl, isLoggedIn],
  );
  const list = useJobList(params);
  const categories = useJobCategories();
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  // One category panel: the sidebar on a wide screen, the collapsible one on a phone (its boxes are
  // drawn when it is first opened).
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const narrowCategoriesDrawn = useOpenedOnce(categoriesOpen);

  /** Any change of filter goes back to page 1; paging keeps the filters. */
  const update = (patch: Partial<JobListParams>, opts: { keepPage?: boolean } = {}) => {
    const next = { ...params, ...patch, ...(opts.keepPage ? {} : { page: 1 }) };
    setSp(searchFromParams(next));
  };
  const toggleCategory = (c: string) =>
    update({
      categories: params.categories.includes(c)
        ? params.categories.filter((x) => x !== c)
        : [...params.categories, c],
    });

  const data = list.data;
  const { items: jobs, drawing } = useProgressiveList(data?.jobs ?? NO_JOBS);
  const pagination = data?.pagination;
  // A bookmarked page past the end (the list shrank): go to the last page that exists.
  useEffect(() => {
    if (
      pagination &&
      !list.isPlaceholderData &&
      pagination.totalPages > 0 &&
      params.page > pagination.totalPages
    ) {
      setSp(searchFromParams({ ...params, page: pagination.totalPages }), { replace: true });
    }
  }, [pagination, params, setSp, list.isPlaceholderData]);

  const goToPage = (page: number) => {
    update({ page }, { keepPage: true });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const filteredBy: Array<{ key: string; label: string; clear: () => void }> = [
    ...(params.search
      ? [{ key: 'search', label: `“${params.search}”`, clear: () => update({ search: '' }) }]
      : []),
    ...(params.location
      ? [{ key: 'location', label: `in ${params.location}`, clear: () => update({ location: '' }) }]
      : []),
    ...params.categories.map((c) => ({ key: `c-${c}`, label: c, clear: () => toggleCategory(c) })),
    ...(params.level
      ? [{ key: 'level', label: levelLabel(params.level), clear: () => update({ level: null }) }]
      : []),
    ...(params.employmentType
      ? [{ key: 'type', label: params.employmentType, clear: () => update({ employmentType: null }) }]
      : []),
  ];

  const categoryFilter = (idPrefix: string) => (
    <CategoryFilter
      idPrefix={idPrefix}
      counts={categories.data}
      selected={params.categories}
      onToggle={toggleCategory}
      onClear={() => update({ categories: [] })}
    />
  );

  const total = pagination?.totalJobs ?? 0;

  return (
    <Box>
      <Box
        py={{ base: 'lg', sm: 40 }}
        style={{
          background:
            'linear-gradient(135deg, var(--mantine-color-amber-0) 0%, var(--mantine-color-amber-1) 60%, var(--mantine-color-gray-0) 100%)',
          borderBottom: '1px solid var(--mantine-color-amber-2)',
        }}
      >
        <Container size="xl">
          <Group justify="space-between" align="flex-end" mb="md" wrap="wrap" gap="sm">
            <Stack gap={4}>
              <Title order={1}>Jobs Hub</Title>
              <Text c="dimmed">Find your next role, or post one for the community.</Text>
            </Stack>
            <Group gap="sm">
              {isLoggedIn ? (
                <>
                  <Button variant="default" component={Link} to="/my-applications">
                    My Applications
                  </Button>
                  <Button variant="default" component={Link} to="/my-jobs">
                    My Jobs
                  </Button>
                </>
              ) : null}
              <Button component={Link} to="/create-job" leftSection={<IconPlus size={16} aria-hidden />}>
                Post a Job
              </Button>
            </Group>
          </Group>
          <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }} radius="md">
            <JobsSearchBar
              search={params.search}
              location={params.location}
              onSubmit={(v) => update({ search: v.search, location: v.location })}
            />
          </Paper>
        </Container>
      </Box>

      <Container size="xl" py="lg">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            {wide ? (
              <Paper withBorder p="md" radius="md" pos="sticky" top={80}>
                {categoryFilter('cat-wide')}
              </Paper>
            ) : (
              <Box>
                <Button
                  variant="default"
                  fullWidth
                  leftSection={<IconFilter size={16} aria-hidden />}
                  onClick={() => setCategoriesOpen((o) => !o)}
                  aria-expanded={categoriesOpen}
                  aria-controls="job-categories-narrow"
                >
                  Categories{params.categories.length ? ` (${params.categories.length} selected)` : ''}
                </Button>
                <Collapse expanded={categoriesOpen} id="job-categories-narrow">
                  <Paper withBorder p="md" radius="md" mt="xs">
                    {narrowCategoriesDrawn ? categoryFilter('cat-narrow') : null}
                  </Paper>
                </Collapse>
              </Box>
            )}
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap="md">
              {isLoggedIn ? (
                <Suspense fallback={null}>
                  <RecommendedJobs />
                </Suspense>
              ) : null}
              {/* Native selects: the phone's own picker, and no dropdown library on the first screen. */}
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <NativeSelect
                  label="Level"
                  data={[{ value: ALL, label: 'All levels' }, ...LEVEL_OPTIONS]}
                  value={params.level ?? ALL}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    update({ level: v === ALL ? null : v });
                  }}
                />
                <NativeSelect
                  label="Employment Type"
                  data={[
                    { value: ALL, label: 'All types' },
                    ...JOB_EMPLOYMENT_TYPES.map((t) => ({ value: t, label: t })),
                  ]}
                  value={params.employmentType ?? ALL}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    update({ employmentType: v === ALL ? null : v });
                  }}
                />
                <NativeSelect
                  label="Sort By"
                  data={[
                    // With a search and no chosen order, the server ranks by relevance.
                    ...(params.search ? [{ value: RELEVANCE, label: 'Most relevant' }] : []),
                    ...JOB_SORTS.filter((s) => s !== 'match' || isLoggedIn).map((s) => ({
                      value: s,
                      label: SORT_LABELS[s],
                    })),
                  ]}
                  value={params.sort ?? (params.search ? RELEVANCE : 'newest')}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    update({ sort: v === RELEVANCE ? null : (v as JobSort) });
                  }}
                />
              </SimpleGrid>

              <Stack gap={6}>
                <Title order={2} size="h3" aria-live="polite">
                  {pagination
                    ? `${total.toLocaleString('en-US')}${pagination?.totalCapped ? '+' : ''} ${total === 1 ? 'job' : 'jobs'} found`
                    : 'Jobs'}
                </Title>
                <ActiveFilters filters={filteredBy} onClearAll={() => setSp(new URLSearchParams())} />
                <SaveSearchButton filters={params} />
              </Stack>

              {list.isError ? (
                <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not load jobs">
                  <Group justify="space-between" wrap="wrap">
                    <Text size="sm">{errorMessage(list.error, 'Please try again.')}</Text>
                    <Button size="xs" variant="white" color="red" onClick={() => list.refetch()}>
                      Try Again
                    </Button>
                  </Group>
                </Alert>
              ) : !data || drawing ? (
                <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" aria-busy="true">
                  {['s1', 's2', 's3', 's4'].map((k) => (
                    <Skeleton key={k} h={240} radius="md" />
                  ))}
                </SimpleGrid>
              ) : data.jobs.length === 0 ? (
                <Paper withBorder radius="md">
                  <EmptyState
                    icon={<IconBriefcase size={28} />}
                    title={MSG.noJobsFound}
                    description={MSG.noJobsHint}
                    action={
                      hasFilters(params) ? (
                        <Button variant="light" onClick={() => setSp(new URLSearchParams())}>
                          Clear all filters
                        </Button>
                      ) : null
                    }
                  />
                </Paper>
              ) : (
                <SimpleGrid
                  cols={{ base: 1, lg: 2 }}
                  spacing="md"
                  style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
                  aria-busy={list.isFetching}
                >
                  {jobs.map((job) => (
                    <JobCard key={job._id} job={job} />
                  ))}
                </SimpleGrid>
              )}

              {pagination ? <JobsPagination pagination={pagination} onPage={goToPage} /> : null}
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
