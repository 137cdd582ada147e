import { Box, Button, Collapse, Paper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import { useOpenedOnce } from '../../../components/lazy-overlay';
import { useJobCategories } from '../api/get-categories';
import { CategoryFilter } from './category-filter';

/**
 * One category panel: the sticky sidebar on a wide screen, a collapsible one on a phone (its boxes
 * are drawn when it is first opened).
 */
export function JobsCategoryPanel({
  selected,
  onToggle,
  onClear,
}: {
  selected: string[];
  onToggle: (category: string) => void;
  onClear: () => void;
}) {
  const categories = useJobCategories();
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const narrowDrawn = useOpenedOnce(open);

  const filter = (idPrefix: string) => (
    <CategoryFilter
      idPrefix={idPrefix}
      counts={categories.data}
      selected={selected}
      onToggle={onToggle}
      onClear={onClear}
    />
  );

  if (wide) {
    return (
      <Paper withBorder p="md" radius="md" pos="sticky" top={80}>
        {filter('cat-wide')}
      </Paper>
    );
  }
  return (
    <Box>
      <Button
        variant="default"
        fullWidth
        leftSection={<IconFilter size={16} aria-hidden />}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="job-categories-narrow"
      >
        Categories{selected.length ? ` (${selected.length} selected)` : ''}
      </Button>
      <Collapse expanded={open} id="job-categories-narrow">
        <Paper withBorder p="md" radius="md" mt="xs">
          {narrowDrawn ? filter('cat-narrow') : null}
        </Paper>
      </Collapse>
    </Box>
  );
}
