import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from './keys';

export interface Activity {
  ideas: number;
  liked: number;
  comments: number;
}

/** CONTRACT §4: exact counts (ideas authored, likes received, comments received). */
export function fetchActivity(): Promise<Activity> {
  return api<Activity>('/api/users/me/activity');
}

export function activityQueryOptions(userId: string) {
  return queryOptions({ queryKey: authKeys.activity(userId), queryFn: fetchActivity });
}

export function useActivity(userId: string | undefined) {
  return useQuery({ ...activityQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
