import type { IdeaDetail } from '@agora/shared';
import { Center, Loader, Paper } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useIdleAfterLoad, useNearScreen } from '../../../lib/idle';

// Below the idea: the comments (their form and its validation library) load after the page's
// first screen.
const Comments = lazy(async () => ({ default: (await import('./comments')).Comments }));
const commentsLoading = (
  <Center py="md">
    <Loader size="sm" aria-label="Loading comments" />
  </Center>
);

/**
 * Whether to load the comments: once the page is idle, or as soon as their place is on the screen,
 * not with the idea's first paint. Called by the page, so that moving to another idea keeps them.
 */
export function useDeferredComments(): [(el: HTMLDivElement | null) => void, boolean] {
  const [ref, near] = useNearScreen<HTMLDivElement>('0px');
  const idle = useIdleAfterLoad();
  const [show, setShow] = useState(false);
  if (!show && (idle || near)) setShow(true);
  return [ref, show];
}

/** The idea's comments (useDeferredComments says when); a hidden idea's are read-only. */
export function IdeaCommentsSection({
  idea: d,
  show,
  placeRef,
}: {
  idea: IdeaDetail;
  show: boolean;
  placeRef: (el: HTMLDivElement | null) => void;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} mt="md" ref={placeRef}>
      {show ? (
        <Suspense fallback={commentsLoading}>
          <Comments
            ideaId={d._id}
            comments={d.comments}
            commentsCursor={d.commentsCursor}
            commentCount={d.commentCount}
            readOnly={d.hidden}
          />
        </Suspense>
      ) : (
        commentsLoading
      )}
    </Paper>
  );
}
