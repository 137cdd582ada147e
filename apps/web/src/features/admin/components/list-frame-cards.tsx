import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { errorMessage } from '../../../lib/api-client';
import type { PagedList } from '../api/use-paged-list';
import { Pager } from './list-frame';

/** Like ListFrame, for lists shown as cards (review queues). */
export function ListFrameCards({
  list,
  empty,
  children,
}: {
  list: PagedList<unknown>;
  empty: string;
  children: ReactNode;
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
      <Stack gap="sm" opacity={list.isFetching ? 0.7 : 1} aria-busy={list.isFetching}>
        {children}
      </Stack>
      <Pager list={list} />
    </>
  );
}
