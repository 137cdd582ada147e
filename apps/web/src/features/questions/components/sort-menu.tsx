import type { QuestionSort } from '@agora/shared';
import { Button } from '@mantine/core';
import { IconArrowsSort } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { withFullStyles } from '../../../app/styles/load-full-styles';
import { SORT_LABELS } from '../lib/format';

export interface SortMenuProps {
  sort: QuestionSort;
  /** The button shows the order's name (wide screens) or just "Sort". */
  wide: boolean;
  onSort: (sort: QuestionSort) => void;
}

const loadMenu = () => withFullStyles(import('./sort-menu-dropdown'));
const SortMenuDropdown = lazy(async () => ({ default: (await loadMenu()).SortMenuDropdown }));

function SortButton({ sort, wide, ...rest }: Omit<SortMenuProps, 'onSort'> & Record<string, unknown>) {
  return (
    <Button
      variant="default"
      leftSection={<IconArrowsSort size={16} />}
      aria-label={`Sort: ${SORT_LABELS[sort]}`}
      aria-haspopup="menu"
      {...rest}
    >
      {wide ? SORT_LABELS[sort] : 'Sort'}
    </Button>
  );
}

/**
 * The list's order, as a menu. The menu (Mantine's Menu and the positioning library under it, the
 * "overlays" chunk) loads when the button is first pointed at, focused or pressed; until then the
 * same button stands in its place, and a press on it opens the menu as soon as it is in.
 */
export function SortMenu(props: SortMenuProps) {
  const [wanted, setWanted] = useState(false);
  const standIn = (
    <SortButton
      sort={props.sort}
      wide={props.wide}
      aria-expanded={false}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setWanted(true)}
    />
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <SortMenuDropdown {...props} Target={SortButton} />
    </Suspense>
  );
}
