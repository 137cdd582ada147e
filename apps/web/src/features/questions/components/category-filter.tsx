import { plural, QUESTION_CATEGORIES } from '@agora/shared';
import { Badge, Button, Checkbox, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useCategoryCounts } from '../api/list-questions';
import { FollowCategoryButton } from './follow-category-button';

export interface CategoryFilterProps {
  selected: string[];
  onChange: (next: string[]) => void;
}

/** spec 01 §2: category filter with per-category counts (one server call) and Clear All. */
export function CategoryFilter({ selected, onChange }: CategoryFilterProps) {
  const counts = useCategoryCounts();
  const toggle = (c: string) =>
    onChange(selected.includes(c) ? selected.filter((x) => x !== c) : [...selected, c]);
  return (
    <Stack gap="xs" component="section" aria-labelledby="category-filter-title">
      <Group justify="space-between">
        <Text fw={700} id="category-filter-title">
          Categories
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => onChange([])}
          disabled={selected.length === 0}
        >
          Clear All
        </Button>
      </Group>
      {/* One category chosen: its followers hear of each new paid question in it. */}
      {selected.length === 1 ? <FollowCategoryButton category={selected[0]!} /> : null}
      {QUESTION_CATEGORIES.map((c) => (
        <Group key={c} justify="space-between" wrap="nowrap" gap="xs">
          <Checkbox label={c} checked={selected.includes(c)} onChange={() => toggle(c)} />
          {counts.isPending ? (
            <Skeleton h={18} w={28} radius="xl" />
          ) : (
            <Badge variant="light" color="gray" size="sm">
              <span aria-hidden>{counts.data?.[c] ?? 0}</span>
              <VisuallyHidden>{plural(counts.data?.[c] ?? 0, 'question')}</VisuallyHidden>
            </Badge>
          )}
        </Group>
      ))}
    </Stack>
  );
}
