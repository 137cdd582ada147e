import { IDEA_CATEGORIES } from '@agora/shared';
import { Badge, NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import u from '../../../components/utilities.module.css';

/**
 * The listing's categories with counts (spec 02 §2), plus any other category in use (share-page
 * categories such as Healthcare), so every value a form can submit is findable (CONTRACT §5).
 */
export function categoryEntries(counts: Record<string, number> | undefined): Array<[string, number]> {
  const c = counts ?? {};
  const listed = IDEA_CATEGORIES.map((name) => [name, c[name] ?? 0] as [string, number]);
  const extra = Object.entries(c)
    .filter(([name, n]) => n > 0 && !(IDEA_CATEGORIES as readonly string[]).includes(name))
    .sort(([a], [b]) => a.localeCompare(b));
  const all: [string, number] = ['All', Object.values(c).reduce((s, n) => s + n, 0)];
  return [all, ...listed, ...extra];
}

/**
 * Where choosing a category leads: the same path and other parameters (sort), with `category` set,
 * or removed for All. Real URLs, so the links work with a keyboard, open in a new tab and are
 * followed by crawlers.
 */
export function categoryHref(pathname: string, search: string, category: string): string {
  const next = new URLSearchParams(search);
  if (category === 'All') next.delete('category');
  else next.set('category', category);
  const qs = next.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

export function CategorySidebar({
  counts,
  active,
  onSelect,
}: {
  counts: Record<string, number> | undefined;
  active: string;
  /** Called as a link is followed (the drawer closes); the link itself changes the URL. */
  onSelect?: (category: string) => void;
}) {
  const { pathname, search } = useLocation();
  return (
    <Stack gap={2} component="nav" aria-label="Idea categories">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
        Categories
      </Text>
      {categoryEntries(counts).map(([name, n]) => (
        <NavLink
          key={name}
          component={Link}
          to={categoryHref(pathname, search, name)}
          // The filter is a view of the list, not a new page: as before, Back leaves the listing.
          replace
          label={name}
          active={active === name}
          aria-current={active === name ? 'true' : undefined}
          onClick={() => onSelect?.(name)}
          rightSection={
            <Badge size="sm" variant={active === name ? 'filled' : 'light'} circle={n < 10}>
              {counts ? n : '…'}
            </Badge>
          }
          className={u.roundedSm}
        />
      ))}
    </Stack>
  );
}
