import { VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import u from './utilities.module.css';

/** The words screen readers hear after a control that opens a new tab (its accessible name ends so). */
export const NEW_TAB_NOTE = '(opens in a new tab)';

/**
 * Said on a control that opens a new tab (only where the spec asks for one): an icon for the eye
 * and "(opens in a new tab)" in the accessible name, so nobody is surprised by a second tab.
 */
export function NewTabMark() {
  return (
    <>
      {' '}
      <VisuallyHidden>{NEW_TAB_NOTE}</VisuallyHidden>
      <IconExternalLink size={14} aria-hidden className={u.newTabIcon} />
    </>
  );
}
