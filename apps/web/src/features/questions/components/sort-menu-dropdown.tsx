import { QUESTION_SORTS, type QuestionSort } from '@agora/shared';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { type ComponentType, useEffect, useState } from 'react';
import { SORT_LABELS } from '../lib/format';
import type { SortMenuProps } from './sort-menu';

/** The sort menu itself (sort-menu.tsx loads it on first use), opened once it has mounted. */
export function SortMenuDropdown({
  sort,
  wide,
  onSort,
  Target,
}: SortMenuProps & { Target: ComponentType<{ sort: QuestionSort; wide: boolean; autoFocus?: boolean }> }) {
  const [opened, setOpened] = useState(false);
  // Opened after the target button has taken the stand-in's focus (autoFocus, at mount): the menu
  // then returns the focus to it when it closes, as Mantine's menu does.
  useEffect(() => setOpened(true), []);
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Target sort={sort} wide={wide} autoFocus />
      </Menu.Target>
      <Menu.Dropdown>
        {QUESTION_SORTS.map((s) => (
          <Menu.Item
            key={s}
            onClick={() => onSort(s)}
            rightSection={s === sort ? <IconCheck size={14} /> : null}
            aria-current={s === sort ? 'true' : undefined}
          >
            {SORT_LABELS[s]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
