import { Button, Group, Loader, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { setRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import type { ListingFilters } from '../lib/alert-body';

// The form (and its mutation) loads when the popover first opens: the listing does not need it.
const SaveSearchForm = lazy(async () => ({ default: (await import('./save-search-form')).SaveSearchForm }));

export const SAVE_SEARCH_LABEL = 'Save this search';

/**
 * "Save this search" on /jobhubs: the current filters become a job alert at the chosen frequency.
 * A visitor is sent to log in and comes back to the same search.
 */
export function SaveSearchButton({ filters }: { filters: ListingFilters }) {
  const { isLoggedIn } = useAuth();
  const here = useLocation();
  const [opened, setOpened] = useState(false);
  const icon = <IconBell size={16} aria-hidden />;

  if (!isLoggedIn) {
    return (
      <Group justify="flex-end">
        <Button
          variant="light"
          size="sm"
          leftSection={icon}
          component={Link}
          to="/login"
          onClick={() => setRedirectAfterLogin(`${here.pathname}${here.search}`)}
        >
          {SAVE_SEARCH_LABEL}
        </Button>
      </Group>
    );
  }

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
