import { Button, Center, Group, Text } from '@mantine/core';

/**
 * Load More under a paged list (spec 02 §2). A failed next page keeps the loaded items on screen
 * and offers a retry in place; the full error screen is only for a list with nothing loaded.
 */
export function LoadMore({
  query,
  what,
}: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => unknown;
  };
  /** "ideas", "hidden ideas": named in the failure line. */
  what: string;
}) {
  if (query.isFetchNextPageError) {
    return (
      <Group justify="center" gap="xs" role="alert">
        <Text size="sm" c="red">
          Could not load more {what}.
        </Text>
        <Button
          variant="light"
          size="xs"
          onClick={() => query.fetchNextPage()}
          loading={query.isFetchingNextPage}
        >
          Retry
        </Button>
      </Group>
    );
  }
  if (!query.hasNextPage) return null;
  return (
    <Center>
      <Button variant="light" onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>
        Load More
      </Button>
    </Center>
  );
}
