import { Button, type ButtonProps } from '@mantine/core';
import { IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useAuth } from '../../../lib/auth-store';
import { type FollowTarget, useFollowToggle } from '../api/follows';
import { notifyLoginRequired } from '../lib/login-required';
import { lazyOverlay, OnFirstOpen } from '../../../components/lazy-overlay';

// Loaded when someone unfollows: a list of cards does not draw (or download) a closed dialog each.
const UnfollowConfirm = lazyOverlay(() => import('./unfollow-confirm').then((m) => m.UnfollowConfirm));

/**
 * Follow / Following control for an author. Not shown on one's own ideas (spec 02 §6). Clicking
 * "Following" asks before unfollowing. `followed` comes from the idea (its authorFollowed), so the
 * control is right however many people the user follows.
 */
export function FollowButton({
  author,
  followed,
  labels = { follow: 'Follow', following: 'Following' },
  ...props
}: {
  author: FollowTarget;
  followed: boolean;
  labels?: { follow: string; following: string };
} & ButtonProps) {
  const { user, isLoggedIn } = useAuth();
  const toggle = useFollowToggle();
  const [confirm, setConfirm] = useState(false);
  if (user?.id === author.id) return null;
  const isFollowing = isLoggedIn && followed;
  return (
    <>
      <Button
        size="compact-sm"
        variant={isFollowing ? 'light' : 'filled'}
        leftSection={isFollowing ? <IconUserCheck size={14} /> : <IconUserPlus size={14} />}
        aria-label={`${isFollowing ? labels.following : labels.follow} ${author.displayName}`}
        aria-pressed={isFollowing}
        onClick={(e) => {
          e.preventDefault();
          e.stopPropagation();
          if (!isLoggedIn) return notifyLoginRequired('follow users');
          if (isFollowing) setConfirm(true);
          else toggle.mutate({ target: author, follow: true });
        }}
        {...props}
      >
        {isFollowing ? labels.following : labels.follow}
      </Button>
      <OnFirstOpen opened={confirm}>
        <UnfollowConfirm
          opened={confirm}
          onCancel={() => setConfirm(false)}
          onConfirm={() => {
            setConfirm(false);
            toggle.mutate({ target: author, follow: false });
          }}
        />
      </OnFirstOpen>
    </>
  );
}
