import { Button, Group, Loader, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { ListingFilters } from '../lib/alert-body';
import { SAVE_SEARCH_LABEL } from './save-search-button';

// The form (and its mutation) loads when the popover first opens: the listing does not need it.
const SaveSearchForm = lazy(async () => ({ default: (await import('./save-search-form')).SaveSearchForm }));

/** The signed-in viewer's "Save this search": the current filters in a popover form. */
export function SaveSearchPopover({
  filters,
  initiallyOpen = false,
}: {
  filters: ListingFilters;
  /** The stand-in button was clicked while this module loaded. */
  initiallyOpen?: boolean;
}) {
  const [opened, setOpened] = useState(initiallyOpen);
  const icon = <IconBell size={16} aria-hidden />;
  // Aligned to the end of the filters' row it sits under.
  return (
    <Group justify="flex-end">
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={320}
        withArrow
        trapFocus
        shadow="md"
      >
        <Popover.Target>
          <Button
            variant="light"
            size="sm"
            leftSection={icon}
            onClick={() => setOpened((o) => !o)}
            aria-haspopup="dialog"
          >
            {SAVE_SEARCH_LABEL}
          </Button>
        </Popover.Target>
        <Popover.Dropdown aria-label={SAVE_SEARCH_LABEL}>
          {opened ? (
            <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
              <SaveSearchForm filters={filters} onDone={() => setOpened(false)} />
            </Suspense>
          ) : null}
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
