import { Alert, Button, Center, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { errorMessage } from '../../../lib/api-client';
import type { PagedList } from '../api/use-paged-list';

/** Previous / Next over cursor pages. */
export function Pager({ list }: { list: PagedList<unknown> }) {
  if (!list.hasPrev && !list.hasNext) return null;
  return (
    <Group justify="flex-end" gap="xs" mt="sm">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronLeft size={14} aria-hidden />}
        disabled={!list.hasPrev || list.isFetching}
        onClick={list.prev}
      >
        Previous
      </Button>
      <Text size="sm" c="dimmed" aria-live="polite">
        Page {list.page}
      </Text>
      <Button
        variant="default"
        size="xs"
        rightSection={<IconChevronRight size={14} aria-hidden />}
        disabled={!list.hasNext || list.isFetching}
        onClick={list.next}
      >
        Next
      </Button>
    </Group>
  );
}

/**
 * A list's loading, error and empty states around its table, plus the pager. `head` is the
 * table's header row; rows go in children.
 */
export function ListFrame({
  list,
  head,
  children,
  empty,
  minWidth = 760,
  label,
}: {
  list: PagedList<unknown>;
  head: ReactNode;
  children: ReactNode;
  empty: string;
  minWidth?: number;
  label: string;
}) {
  if (list.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (list.error) {
    return (
      <Alert color="red" variant="light" title="Could not load the list">
        {errorMessage(list.error, 'Please try again.')}{' '}
        <Button size="compact-xs" variant="subtle" onClick={list.refetch}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (list.items.length === 0) return <EmptyState title={empty} />;
  return (
    <>
      <Paper withBorder radius="md" opacity={list.isFetching ? 0.7 : 1}>
        <Table.ScrollContainer minWidth={minWidth}>
          <Table verticalSpacing="sm" highlightOnHover aria-label={label} aria-busy={list.isFetching}>
            <Table.Thead>{head}</Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Pager list={list} />
    </>
  );
}
