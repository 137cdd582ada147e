import type { Portal } from '../../lib/page-title';

const MENU: Record<Portal, string> = {
  inquiry: 'Inquiry Space',
  ideas: 'Innovators Space',
  jobs: 'Jobs Hub',
  hackathons: 'Hackathons',
};

/** Which portal menu the current route belongs to (its trigger is highlighted), or null. */
export function activePortalFor(portal: Portal | null): string | null {
  return portal ? MENU[portal] : null;
}
