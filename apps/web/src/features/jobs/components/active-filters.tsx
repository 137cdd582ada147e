import { Button, Group, Pill, Text } from '@mantine/core';
import classes from './jobs.module.css';

export interface ActiveFilter {
  key: string;
  label: string;
  clear: () => void;
}

/**
 * The listing's "Filtered by" chips. The row wraps, and a long chip (a pasted search, a long
 * location) is cut with an ellipsis inside the row's width, its whole text in a tooltip (title) and
 * in the remove button's name, instead of running off the edge of a phone screen.
 */
export function ActiveFilters({ filters, onClearAll }: { filters: ActiveFilter[]; onClearAll: () => void }) {
  if (!filters.length) return null;
  return (
    <Group gap={6} wrap="wrap" align="center" miw={0} maw="100%">
      <Text size="sm" c="dimmed">
        Filtered by:
      </Text>
      <Pill.Group component="ul" aria-label="Active filters" className={classes.plainList} miw={0} maw="100%">
        {filters.map((f) => (
          <Pill
            component="li"
            key={f.key}
            title={f.label}
            withRemoveButton
            onRemove={f.clear}
            removeButtonProps={{ 'aria-label': `Remove filter ${f.label}` }}
            maw="100%"
            styles={{
              label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
            }}
            data-testid="active-filter"
          >
            {f.label}
          </Pill>
        ))}
      </Pill.Group>
      <Button variant="subtle" size="compact-sm" onClick={onClearAll}>
        Clear all
      </Button>
    </Group>
  );
}
