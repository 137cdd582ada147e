import {
  Anchor,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColor,
  type MantineColorsTuple,
} from '@mantine/core';
import type { Portal } from '../lib/page-title';

const BRAND: Record<Portal, MantineColor> = {
  inquiry: 'blue',
  ideas: 'grape',
  jobs: 'amber',
  hackathons: 'green',
};

/** spec 01 §2: ideas purple, jobs amber, hackathons green, otherwise blue (the route's portal). */
export function brandColorFor(portal: Portal | null): MantineColor {
  return portal ? BRAND[portal] : 'blue';
}

/** spec 03 §2 footer accent: inquiry teal, innovators purple, hackathons green, jobs amber. */
export function footerAccentFor(portal: Portal | null): MantineColor {
  const brand = brandColorFor(portal);
  return brand === 'blue' ? 'teal' : brand;
}

/** spec 01 §2: no top offset and a transparent background on /, /portals and the portal-info pages. */
export function isLandingPath(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname === '/portals' ||
    /^\/(question|ideas|hackathon|jobhubs|events)-portal-info\/?$/.test(pathname)
  );
}

/** Height of the fixed top bar; the content area is offset by it except on landing paths. */
export const TOP_BAR_HEIGHT = 60;

// Mantine's stock green, orange, teal and red are too light for white text (WCAG AA needs 4.5:1):
// shades 7–9 are darkened so filled buttons (shade 8) and light variants (shade 9 on shade 1) pass.
const tuple = (base: MantineColorsTuple, dark: [string, string, string]): MantineColorsTuple =>
  [...base.slice(0, 7), ...dark] as unknown as MantineColorsTuple;

const colors = {
  green: tuple(DEFAULT_THEME.colors.green, ['#2f9e44', '#237a35', '#1e6e30']),
  orange: tuple(DEFAULT_THEME.colors.orange, ['#e8590c', '#c2410c', '#9a3412']),
  // spec 03 §2/§9: jobs are amber (Tailwind's amber scale); shade 8, the filled top bar and buttons,
  // is amber-700 (5.0:1 with white text), shade 9 amber-800 for light-variant text.
  amber: [
    '#fffbeb',
    '#fef3c7',
    '#fde68a',
    '#fcd34d',
    '#fbbf24',
    '#f59e0b',
    '#d97706',
    '#c2610a',
    '#b45309',
    '#92400e',
  ] as MantineColorsTuple,
  teal: tuple(DEFAULT_THEME.colors.teal, ['#099268', '#087f5b', '#066b4c']),
  // Red text (Logout, errors) also sits on red-tinted hover backgrounds.
  red: tuple(DEFAULT_THEME.colors.red, ['#e03131', '#c92a2a', '#a61e1e']),
  // Yellow light badges and alerts (the author's privilege, an unpaid reward, prize pools) put
  // shade-9 text on a pale yellow: stock #e67700 gives 2.4:1; these give 5:1 and more.
  yellow: tuple(DEFAULT_THEME.colors.yellow, ['#e67700', '#b35c00', '#8f4a00']),
};

// Stock "dimmed" (gray 6) and "error" (red 6) fail AA contrast on white and on gray 0.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Stock placeholder grey (gray 5) is 2.1:1 on white; select and date placeholders are text.
    '--mantine-color-placeholder': '#6b7178',
  },
  dark: {},
});

export function makeTheme(primaryColor: MantineColor) {
  return createTheme({
    primaryColor,
    primaryShade: { light: 8, dark: 5 },
    colors,
    autoContrast: true,
    // Drawers, menus and collapses open without animation for people who asked for less motion.
    respectReducedMotion: true,
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    defaultRadius: 'md',
    headings: { fontWeight: '700' },
    components: {
      // Links inside text must not rely on colour alone (WCAG 1.4.1, axe link-in-text-block).
      Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
      // Toasts: the close button has a name, and a message under a title is readable (stock gray 6
      // is 3.3:1 on white). Plain objects: the entry does not import the Notification component.
      Notification: {
        defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
        styles: { description: { color: 'var(--mantine-color-gray-7)' } },
      },
    },
  });
}
