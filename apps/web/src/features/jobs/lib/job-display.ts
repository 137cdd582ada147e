import { type Job, MSG, salaryLine } from '@agora/shared';

/**
 * The figures as the poster entered them, in their currency, "per year" (README Decisions: a USD
 * salary of a job in India adds spec 03's ×83 as "≈ ₹…"); the poster's own wording when no figures.
 */
export function salaryLabel(job: Pick<Job, 'salary' | 'location'>): string | null {
  return salaryLine(job.salary, job.location.country);
}

/** spec 03 §2 card: the city, or 'Unknown Location'. */
export function cityLabel(job: Pick<Job, 'location'>): string {
  return job.location.city?.trim() || MSG.unknownLocation;
}

export function companyLabel(job: Pick<Job, 'company'>): string {
  return job.company.name?.trim() || MSG.unknownCompany;
}

/** "Bengaluru, Karnataka, India". */
export function fullLocation(job: Pick<Job, 'location'>): string {
  return [job.location.city, job.location.state, job.location.country].filter((s) => s?.trim()).join(', ');
}

/** The card's optional extra detail: the pay if known, otherwise the experience asked for. */
export function extraDetail(job: Job): string | null {
  return salaryLabel(job) ?? job.experience ?? null;
}

/** spec 03 §9: first 3 skills, then '+N more'. */
export function skillsPreview(skills: readonly string[], shown = 3): { visible: string[]; more: number } {
  return { visible: skills.slice(0, shown), more: Math.max(0, skills.length - shown) };
}

// The posting's structured data is built in the shared package: the server puts the same
// JSON-LD in the initial HTML of /job/{id} for crawlers that do not run scripts.
export { deadlineEnd, displayableLogo, jobPostingJsonLd, validThrough } from '@agora/shared';
