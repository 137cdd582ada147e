import { Box, Container, Grid, Stack, Title } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { withFullStyles } from '../../../app/styles/load-full-styles';
import { useAuth } from '../../../lib/auth-store';
import { SaveSearchButton } from '../../job-alerts/components/save-search-button';
import { useJobList } from '../api/list-jobs';
import { ActiveFilters } from '../components/active-filters';
import { JobsCategoryPanel } from '../components/jobs-category-panel';
import { JobsHero } from '../components/jobs-hero';
import { JobsListControls } from '../components/jobs-list-controls';
import { JobsPagination } from '../components/jobs-pagination';
import { JobsResults } from '../components/jobs-results';
import { hasFilters } from '../lib/filters';
import { useJobListParams } from '../lib/use-job-list-params';

// Signed-in viewers only: visitors never download it.
const RecommendedJobs = lazy(async () => ({
  default: (await withFullStyles(import('../components/recommended-jobs'))).RecommendedJobs,
}));

/** /jobhubs — spec 03 §2 listing; every filter lives in the URL. */
export function JobsPage() {
  const { isLoggedIn } = useAuth();
  const { params, update, toggleCategory, clearAll, filteredBy, replace } = useJobListParams();
  const list = useJobList(params);
  const pagination = list.data?.pagination;

  // A bookmarked page past the end (the list shrank): go to the last page that exists.
  useEffect(() => {
    if (
      pagination &&
      !list.isPlaceholderData &&
      pagination.totalPages > 0 &&
      params.page > pagination.totalPages
    ) {
      replace({ ...params, page: pagination.totalPages });
    }
  }, [pagination, params, replace, list.isPlaceholderData]);

  const goToPage = (page: number) => {
    update({ page }, { keepPage: true });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const total = pagination?.totalJobs ?? 0;

  return (
    <Box>
      <JobsHero
        isLoggedIn={isLoggedIn}
        search={params.search}
        location={params.location}
        onSearch={(v) => update({ search: v.search, location: v.location })}
      />

      <Container size="xl" py="lg">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <JobsCategoryPanel
              selected={params.categories}
              onToggle={toggleCategory}
              onClear={() => update({ categories: [] })}
            />
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap="md">
              {isLoggedIn ? (
                <Suspense fallback={null}>
                  <RecommendedJobs />
                </Suspense>
              ) : null}
              <JobsListControls params={params} isLoggedIn={isLoggedIn} onChange={update} />

              <Stack gap={6}>
                <Title order={2} size="h3" aria-live="polite">
                  {pagination
                    ? `${total.toLocaleString('en-US')}${pagination.totalCapped ? '+' : ''} ${total === 1 ? 'job' : 'jobs'} found`
                    : 'Jobs'}
                </Title>
                <ActiveFilters filters={filteredBy} onClearAll={clearAll} />
                <SaveSearchButton filters={params} />
              </Stack>

              <JobsResults list={list} filtered={hasFilters(params)} onClearAll={clearAll} />

              {pagination ? <JobsPagination pagination={pagination} onPage={goToPage} /> : null}
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
