import { Button, Group } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { withFullStyles } from '../../../app/styles/load-full-styles';
import { setRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import type { ListingFilters } from '../lib/alert-body';

const SaveSearchPopover = lazy(async () => ({
  default: (await withFullStyles(import('./save-search-popover'))).SaveSearchPopover,
}));

export const SAVE_SEARCH_LABEL = 'Save this search';

/**
 * "Save this search" on /jobhubs: the current filters become a job alert at the chosen frequency.
 * A visitor is sent to log in and comes back to the same search.
 */
export function SaveSearchButton({ filters }: { filters: ListingFilters }) {
  const { isLoggedIn } = useAuth();
  const here = useLocation();
  // A click on the stand-in button (the popover still loading) opens the popover once it is in.
  const [asked, setAsked] = useState(false);
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

  // The popover (and the positioning library under it) loads for a signed-in viewer only; until
  // it is in, the same button stands in its place.
  return (
    <Suspense
      fallback={
        <Group justify="flex-end">
          <Button
            variant="light"
            size="sm"
            leftSection={icon}
            aria-haspopup="dialog"
            onClick={() => setAsked(true)}
          >
            {SAVE_SEARCH_LABEL}
          </Button>
        </Group>
      }
    >
      <SaveSearchPopover filters={filters} initiallyOpen={asked} />
    </Suspense>
  );
}
