import { describeJobAlert, type JobAlert, type JobAlertFrequency } from '@agora/shared';
import type { SavedJobSearch } from '../jobs/jobs.alerts.service.js';
import type { JobAlertRow } from './job-alerts.repo.js';

export function presentAlert(row: JobAlertRow): JobAlert {
  return {
    _id: row.id,
    q: row.q,
    location: row.location,
    category: row.categories,
    level: row.level,
    employmentType: row.employmentType,
    remote: row.remote,
    frequency: row.frequency as JobAlertFrequency,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The search an alert keeps, as the jobs area runs it. */
export function savedSearchOf(row: JobAlertRow): SavedJobSearch {
  return {
    q: row.q,
    location: row.location,
    categories: row.categories,
    level: row.level,
    employmentType: row.employmentType,
    remote: row.remote,
  };
}

export const alertInWords = (row: JobAlertRow) => describeJobAlert(presentAlert(row));

/** The same search on /jobhubs (its URL parameters are the listing's own). */
export function searchPath(row: JobAlertRow): string {
  const sp = new URLSearchParams();
  if (row.q) sp.set('search', row.q);
  if (row.location) sp.set('location', row.location);
  else if (row.remote) sp.set('location', 'Remote');
  for (const c of row.categories) sp.append('category', c);
  if (row.level) sp.set('level', row.level);
  if (row.employmentType) sp.set('employmentType', row.employmentType);
  const qs = sp.toString();
  return qs ? `/jobhubs?${qs}` : '/jobhubs';
}
