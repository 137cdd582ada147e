import type { Question } from '@agora/shared';
import { Button, Center, Loader, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { useLoadMore } from '../../../lib/use-load-more';
import { useProgressiveList } from '../../../lib/use-progressive-list';
import { QuestionCard } from './question-card';
import u from '../../../components/utilities.module.css';

export interface QuestionListProps {
  items: Question[];
  pending: boolean;
  error: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  empty: { title: string; description?: ReactNode; action?: ReactNode };
}

/** Question cards with cursor pages fetched as the end of the list scrolls into view. */
export function QuestionList(p: QuestionListProps) {
  const { items, drawing } = useProgressiveList(p.items);
  // While the rest of a page is still being rendered, the end of the list is not really there:
  // no sentinel yet, or it would ask for the next page before anyone scrolled.
  const partial = items.length < p.items.length;
  // After a failed page the list shows its error; nothing is fetched again on its own.
  const ref = useLoadMore<HTMLLIElement>({
    hasMore: p.hasMore && !p.error,
    loading: p.loadingMore,
    loadMore: p.loadMore,
    count: items.length,
  });

  if (p.pending || drawing) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading questions">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={120} radius="md" />
        ))}
      </Stack>
    );
  }
  if (p.error) {
    return (
      <EmptyState
        title="Could not load questions"
        description="Please check your connection and try again."
      />
    );
  }
  if (p.items.length === 0) return <EmptyState {...p.empty} />;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} className={u.plainList} aria-label="Questions">
      {items.map((q) => (
        <li key={q._id}>
          <QuestionCard question={q} selected={q._id === p.selectedId} onSelect={p.onSelect} />
        </li>
      ))}
      {partial ? null : (
        <li ref={ref} aria-hidden={!p.hasMore}>
          {p.hasMore ? (
            <Center py="sm">
              {p.loadingMore ? (
                <Loader size="sm" aria-label="Loading more questions" />
              ) : (
                <Button variant="subtle" onClick={p.loadMore}>
                  Load more
                </Button>
              )}
            </Center>
          ) : null}
        </li>
      )}
    </Stack>
  );
}
