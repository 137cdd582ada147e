import { type Idea, plural } from '@agora/shared';
import { Button, VisuallyHidden } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { useToggleLike } from '../api/idea-actions';
import { notifyLoginRequired } from '../lib/login-required';
import { showError } from '../../../lib/toasts';

/** Heart with the like count (accessible name "1 like", pressed when liked); the change shows at once and is rolled back if the server refuses. */
export function LikeButton({ idea, size = 'compact-sm' }: { idea: Idea; size?: string }) {
  const { isLoggedIn } = useAuth();
  const like = useToggleLike();
  return (
    <Button
      size={size}
      variant={idea.liked ? 'light' : 'subtle'}
      color={idea.liked ? 'red' : 'gray'}
      leftSection={idea.liked ? <IconHeartFilled size={16} /> : <IconHeart size={16} />}
      aria-pressed={idea.liked}
      title={idea.liked ? 'Unlike' : 'Like'}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        if (!isLoggedIn) return notifyLoginRequired('like ideas');
        like.mutate(idea, {
          onError: (err) => {
            if (err instanceof ApiError && err.status === 401) return;
            showError(err, 'Please try again.', 'Like Failed');
          },
        });
      }}
    >
      {/* The name is what is shown plus the noun ("1 like"), liked state in aria-pressed. */}
      <span aria-hidden>{idea.likeCount}</span>
      <VisuallyHidden>{plural(idea.likeCount, 'like')}</VisuallyHidden>
    </Button>
  );
}
