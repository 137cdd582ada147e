import { JOB_LISTING_LEVELS, type JobAlertBody, type JobAlertFrequency } from '@agora/shared';

/** The listing's filters as /jobhubs reads them from its URL (features/jobs/lib/filters.ts). */
export interface ListingFilters {
  search: string;
  location: string;
  categories: string[];
  level: string | null;
  employmentType: string | null;
}

const isListingLevel = (l: string | null): l is (typeof JOB_LISTING_LEVELS)[number] =>
  l !== null && (JOB_LISTING_LEVELS as readonly string[]).includes(l);

/**
 * The alert that saves exactly this search: the same words and place (a location of "Remote" is
 * the listing's remote search, and the server reads it the same way), categories, level and type.
 */
export function alertBodyOf(f: ListingFilters, frequency: JobAlertFrequency): JobAlertBody {
  return {
    ...(f.search ? { q: f.search } : {}),
    ...(f.location ? { location: f.location } : {}),
    ...(f.categories.length ? { category: f.categories as JobAlertBody['category'] } : {}),
    ...(isListingLevel(f.level) ? { level: f.level } : {}),
    ...(f.employmentType ? { employmentType: f.employmentType as JobAlertBody['employmentType'] } : {}),
    frequency,
  };
}
