import {
  canonicalJobCategory,
  JOB_CATEGORIES,
  JOB_EMPLOYMENT_TYPES,
  JOB_LEVELS,
  JOB_SORTS,
} from '@agora/shared';

export type JobSort = (typeof JOB_SORTS)[number];

/** The listing's whole state; it lives in the URL so a search can be bookmarked and shared. */
export interface JobListParams {
  categories: string[];
  level: string | null;
  employmentType: string | null;
  /** null = the default: best match with a search, newest otherwise. */
  sort: JobSort | null;
  search: string;
  location: string;
  page: number;
}

export const SORT_LABELS: Record<JobSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  title: 'Title (A-Z)',
  company: 'Company (A-Z)',
  match: 'Best match',
};

/**
 * One level vocabulary for the filter (the listing's, spec 03 §3), in seniority order; the posting
 * form's names are folded in (the server matches Junior with Entry-level, Senior with Senior-level).
 */
export const LEVEL_OPTIONS: Array<{ value: string; label: string }> = [
  { value: 'Intern', label: 'Intern' },
  { value: 'Junior', label: 'Junior / Entry-level' },
  { value: 'Mid-level', label: 'Mid-level' },
  { value: 'Senior', label: 'Senior / Senior-level' },
  { value: 'Lead', label: 'Lead' },
  { value: 'Principal', label: 'Principal' },
  { value: 'Executive', label: 'Executive' },
];
/** The posting form's names of the same rungs (an older link may carry them). */
const LEVEL_CANONICAL: Record<string, string> = { 'Entry-level': 'Junior', 'Senior-level': 'Senior' };
export const levelLabel = (level: string) => LEVEL_OPTIONS.find((o) => o.value === level)?.label ?? level;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | null =>
  value && (allowed as readonly string[]).includes(value) ? (value as T) : null;

/** Reads the URL; values the server would refuse (an old or hand-edited link) are dropped. */
export function paramsFromSearch(sp: URLSearchParams): JobListParams {
  const page = Number.parseInt(sp.get('page') ?? '1', 10);
  return {
    // A link with an earlier category name ('Human Resources') selects the category it became ('HR').
    categories: [
      ...new Set(
        sp
          .getAll('category')
          .map((c) => String(canonicalJobCategory(c)))
          .filter((c) => JOB_CATEGORIES.includes(c)),
      ),
    ],
    level: ((l) => (l ? (LEVEL_CANONICAL[l] ?? l) : null))(oneOf(sp.get('level'), JOB_LEVELS)),
    employmentType: oneOf(sp.get('employmentType'), JOB_EMPLOYMENT_TYPES),
    sort: oneOf(sp.get('sort'), JOB_SORTS),
    search: (sp.get('search') ?? '').trim().slice(0, 200),
    location: (sp.get('location') ?? '').trim().slice(0, 100),
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The URL for a state: defaults are left out so links stay short. */
export function searchFromParams(p: JobListParams): URLSearchParams {
  const sp = new URLSearchParams();
  if (p.search) sp.set('search', p.search);
  if (p.location) sp.set('location', p.location);
  for (const c of p.categories) sp.append('category', c);
  if (p.level) sp.set('level', p.level);
  if (p.employmentType) sp.set('employmentType', p.employmentType);
  if (p.sort) sp.set('sort', p.sort);
  if (p.page > 1) sp.set('page', String(p.page));
  return sp;
}

export function hasFilters(p: JobListParams): boolean {
  return Boolean(p.categories.length || p.level || p.employmentType || p.search || p.location);
}
