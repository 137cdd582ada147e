import { JOB_EMPLOYMENT_TYPES, JOB_SORTS } from '@agora/shared';
import { NativeSelect, SimpleGrid } from '@mantine/core';
import { type JobListParams, type JobSort, LEVEL_OPTIONS, SORT_LABELS } from '../lib/filters';

const ALL = 'all';
/** The Sort By option of a search with no chosen order (the server ranks by relevance). */
const RELEVANCE = 'relevance';

/**
 * Level, employment type and order of the listing. Native selects: the phone's own picker, and no
 * dropdown library on the first screen.
 */
export function JobsListControls({
  params,
  isLoggedIn,
  onChange,
}: {
  params: JobListParams;
  isLoggedIn: boolean;
  onChange: (patch: Partial<JobListParams>) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <NativeSelect
        label="Level"
        data={[{ value: ALL, label: 'All levels' }, ...LEVEL_OPTIONS]}
        value={params.level ?? ALL}
        onChange={(e) => {
          const v = e.currentTarget.value;
          onChange({ level: v === ALL ? null : v });
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
          onChange({ employmentType: v === ALL ? null : v });
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
          onChange({ sort: v === RELEVANCE ? null : (v as JobSort) });
        }}
      />
    </SimpleGrid>
  );
}
