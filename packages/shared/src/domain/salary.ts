import { INDIA_SALARY_MULTIPLIER } from '../constants.js';

/** spec 03 §3: rupees with a multiplier of 83 on min and max when the country is India, otherwise USD. */
export function formatSalary(
  salary: { min?: number | null; max?: number | null } | null | undefined,
  country: string | null | undefined,
): string | null {
  if (!salary || (salary.min == null && salary.max == null)) return null;
  const india = (country ?? '').trim().toLowerCase() === 'india';
  const fmt = (n: number) =>
    india
      ? `₹${Math.round(n * INDIA_SALARY_MULTIPLIER).toLocaleString('en-IN')}`
      : `$${Math.round(n).toLocaleString('en-US')}`;
  if (salary.min != null && salary.max != null) return `${fmt(salary.min)} - ${fmt(salary.max)}`;
  return salary.min != null ? `From ${fmt(salary.min)}` : `Up to ${fmt(salary.max!)}`;
}
