import type { Executor } from '../../db/client.js';
import * as counters from './users.follow-counters.repo.js';

/**
 * Locks the follower's and the followee's rows (in id order, so two people following each other at
 * once cannot deadlock) for a follow change in `exec`'s transaction; the followee's current
 * follower count, or null when the followee does not exist.
 */
export async function lockFollowPair(exec: Executor, followerId: string, followeeId: string) {
  const target = await counters.lockPair(exec, followerId, followeeId);
  return target ? { followerCount: target.followerCount } : null;
}

/** Moves both counters by `d` (+1 follow, −1 unfollow); the followee's new follower count. */
export const shiftFollowCounts = (exec: Executor, followerId: string, followeeId: string, d: 1 | -1) =>
  counters.shiftFollowCounters(exec, followerId, followeeId, d);
