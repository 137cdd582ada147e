/** The filters of a saved job search, as an alert keeps them. */
export interface JobAlertFilters {
  q?: string | null;
  location?: string | null;
  category?: readonly string[];
  level?: string | null;
  employmentType?: string | null;
  remote?: boolean | null;
}

/**
 * A saved search in words, the same on the profile's list and in the e-mails:
 * "Senior Engineering jobs matching 'react' in Pune or remote (Full-time)", "Remote Design jobs".
 */
export function describeJobAlert(a: JobAlertFilters): string {
  const categories = a.category?.length ? a.category.join(' or ') : '';
  // "Remote" typed as the place is the listing's remote search (jobs.service locationTerms).
  const remotePlace = a.location?.trim().toLowerCase() === 'remote';
  const where = remotePlace ? null : a.location;
  // With a place, remote is the alternative to it (the listing's "that place or remote").
  const remote =
    (a.remote === true && !where) || remotePlace ? 'Remote' : a.remote === false ? 'On-site' : '';
  const head = [remote, a.level ?? '', categories].filter(Boolean).join(' ');
  let text = `${head ? `${head} jobs` : 'All jobs'}`;
  if (a.q) text += ` matching '${a.q}'`;
  if (where) text += ` in ${where}${a.remote === true ? ' or remote' : ''}`;
  if (a.employmentType) text += ` (${a.employmentType})`;
  return text;
}
