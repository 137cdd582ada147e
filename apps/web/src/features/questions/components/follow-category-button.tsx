import { CATEGORY_FOLLOW_TEXT } from '@agora/shared';
import { Button } from '@mantine/core';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useAuth } from '../../../lib/auth-store';
import { useFollowedCategories, useSetCategoryFollow } from '../../../lib/category-follows';
import { showError } from '../../../lib/toasts';

/**
 * Follow / Following for one question category (signed in only): followers hear of each new paid
 * question in it, and may get a daily e-mail digest (profile).
 */
export function FollowCategoryButton({ category }: { category: string }) {
  const { isLoggedIn } = useAuth();
  const followed = useFollowedCategories(isLoggedIn);
  const setFollow = useSetCategoryFollow();
  if (!isLoggedIn) return null;
  const following = followed.data?.includes(category) ?? false;
  return (
    <Button
      size="compact-sm"
      variant={following ? 'light' : 'filled'}
      leftSection={following ? <IconBellCheck size={16} aria-hidden /> : <IconBell size={16} aria-hidden />}
      aria-pressed={following}
      // The visible word and the category it is for (the button stands beside the category list).
      aria-label={`${following ? CATEGORY_FOLLOW_TEXT.following : CATEGORY_FOLLOW_TEXT.follow} ${category}`}
      disabled={followed.isPending}
      loading={setFollow.isPending}
      onClick={() =>
        setFollow.mutate(
          { category, follow: !following },
          {
            onError: (err) => showError(err, 'Could not change the follow'),
          },
        )
      }
    >
      {following ? CATEGORY_FOLLOW_TEXT.following : CATEGORY_FOLLOW_TEXT.follow}
    </Button>
  );
}
