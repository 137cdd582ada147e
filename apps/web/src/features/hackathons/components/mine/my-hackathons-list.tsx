import type { Hackathon } from '@agora/shared';
import { Button, Center, Loader, SimpleGrid, type SimpleGridProps, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../../components/empty-state';
import type { useMyOrganized } from '../../api/my-hackathons';

/**
 * One tab of /my-hackathons: a spinner while the first page loads, the empty state, or the cards
 * with a Load more button while the server has more.
 */
export function MyHackathonsList({
  query,
  cols,
  empty,
  card,
}: {
  query: ReturnType<typeof useMyOrganized>;
  cols: SimpleGridProps['cols'];
  empty: { title: string; action: ReactNode };
  card: (h: Hackathon) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (items.length === 0) return <EmptyState title={empty.title} action={empty.action} />;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={cols} spacing="lg">
        {items.map(card)}
      </SimpleGrid>
      {query.hasNextPage ? (
        <Center>
          <Button variant="default" loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
            Load more
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
