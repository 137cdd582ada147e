import { JOB_LISTING_CATEGORIES } from '@agora/shared';
import { Badge, Checkbox, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import classes from './jobs.module.css';

/**
 * The one category list (JOB_LISTING_CATEGORIES) in its order, each with its count of open jobs.
 * Categories with no open job are left out (a list of "Legal 0", "Other 0" only adds noise), except
 * a selected one, so its filter can still be cleared. Before the counts arrive every category shows.
 */
export function categoryEntries(
  counts: Record<string, number> | undefined,
  selected: readonly string[],
): Array<[string, number | null]> {
  if (!counts) return JOB_LISTING_CATEGORIES.map((name) => [name, null]);
  return JOB_LISTING_CATEGORIES.filter((name) => (counts[name] ?? 0) > 0 || selected.includes(name)).map(
    (name) => [name, counts[name] ?? 0],
  );
}

export function CategoryFilter({
  counts,
  selected,
  onToggle,
  onClear,
  idPrefix,
}: {
  counts: Record<string, number> | undefined;
  selected: string[];
  onToggle: (category: string) => void;
  onClear: () => void;
  /** Two instances render (wide and narrow screens): ids must stay unique. */
  idPrefix: string;
}) {
  return (
    <Stack gap={4} component="fieldset" className={classes.bareFieldset}>
      <Group justify="space-between" mb={4}>
        <Text component="legend" size="xs" fw={700} tt="uppercase" c="dimmed">
          Categories
        </Text>
        {selected.length ? (
          <UnstyledButton onClick={onClear} fz="xs" c="var(--mantine-primary-color-filled)">
            Clear
          </UnstyledButton>
        ) : null}
      </Group>
      {categoryEntries(counts, selected).map(([name, n]) => {
        const checked = selected.includes(name);
        return (
          <Group key={name} justify="space-between" wrap="nowrap" gap="xs" py={3}>
            <Checkbox
              id={`${idPrefix}-${name.replace(/\W+/g, '-')}`}
              label={
                <>
                  {name}
                  {n !== null ? (
                    <VisuallyHidden>{` (${n} ${n === 1 ? 'job' : 'jobs'})`}</VisuallyHidden>
                  ) : null}
                </>
              }
              checked={checked}
              onChange={() => onToggle(name)}
              size="sm"
            />
            <Badge
              size="sm"
              variant={checked ? 'filled' : 'light'}
              color={n ? undefined : 'gray'}
              aria-hidden
            >
              {n ?? '…'}
            </Badge>
          </Group>
        );
      })}
    </Stack>
  );
}
