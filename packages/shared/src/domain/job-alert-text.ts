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
 * "Remote Senior Engineering jobs matching 'react' in Pune (Full-time)".
 */
export function describeJobAlert(a: JobAlertFilters): string {
  const categories = a.category?.length ? a.category.join(' or ') : '';
  const head = [a.remote === true ? 'Remote' : a.remote === false ? 'On-site' : '', a.level ?? '', categories]
    .filter(Boolean)
    .join(' ');
  let text = `${head ? `${head} jobs` : 'All jobs'}`;
  if (a.q) text += ` matching '${a.q}'`;
  if (a.location) text += ` in ${a.location}`;
  if (a.employmentType) text += ` (${a.employmentType})`;
  return text;
}
