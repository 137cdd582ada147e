import { brandColorFor } from '../theme';

/** Which portal menu the current path belongs to (its trigger is highlighted), or null. */
export function activePortalFor(pathname: string): string | null {
  const brand = brandColorFor(pathname);
  if (brand === 'grape') return 'Innovators Space';
  if (brand === 'amber') return 'Jobs Hub';
  if (brand === 'green') return 'Hackathons';
  if (/^\/(questions|question\/|ask-question|questioner-portal|wallet|question-portal-info)/.test(pathname))
    return 'Inquiry Space';
  return null;
}
