import type { JobPagination } from '@agora/shared';
import { Button, Group, Pagination } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

/** spec 03 §2: Previous, numbered pages, Next; only with more than one page. */
export function JobsPagination({
  pagination,
  onPage,
}: {
  pagination: JobPagination;
  onPage: (page: number) => void;
}) {
  const { totalPages, currentPage, hasPrev, hasNext } = pagination;
  if (totalPages <= 1) return null;
  return (
    <Pagination.Root
      total={totalPages}
      value={Math.min(currentPage, totalPages)}
      onChange={onPage}
      siblings={1}
    >
      <Group component="nav" aria-label="Pages" justify="center" gap={6} mt="xl" wrap="wrap">
        <Button
          variant="default"
          size="sm"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
          disabled={!hasPrev}
          onClick={() => onPage(currentPage - 1)}
        >
          Previous
        </Button>
        <Pagination.Items />
        <Button
          variant="default"
          size="sm"
          rightSection={<IconChevronRight size={16} aria-hidden />}
          disabled={!hasNext}
          onClick={() => onPage(currentPage + 1)}
        >
          Next
        </Button>
      </Group>
    </Pagination.Root>
  );
}
