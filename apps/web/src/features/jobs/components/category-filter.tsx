import { JOB_LISTING_CATEGORIES } from '@agora/shared';
import { Badge, Checkbox, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';

/**
 * The listing's categories, then any other category in use (the create form's own list) or
 * selected — every value a form can submit is findable and counted (CONTRACT §5).
 */
export function categoryEntries(
  counts: Record<string, number> | undefined,
  selected: readonly string[],
): Array<[string, number | null]> {
  const c = counts ?? {};
  const listed = new Set<string>(JOB_LISTING_CATEGORIES);
  const extra = Object.keys(c)
    .filter((name) => !listed.has(name) && ((c[name] ?? 0) > 0 || selected.includes(name)))
    .sort((a, b) => a.localeCompare(b));
  return [...JOB_LISTING_CATEGORIES, ...extra].map((name) => [name, counts ? (c[name] ?? 0) : null]);
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
    <Stack gap={4} component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
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
