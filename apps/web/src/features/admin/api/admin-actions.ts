import {
  ADMIN_MESSAGES,
  type AdminHackathon,
  type AdminIdea,
  type AdminJob,
  type AdminQuestion,
  type AdminUser,
  type AdminUserPatch,
  type AdminWithdrawal,
  type PayoutDetails,
} from '@agora/shared';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { wholeRupees } from '../../../lib/money';
import { adminKeys } from './keys';
import { showError } from '../../../lib/toasts';

/** A change made by an admin: on success a confirmation toast and every admin list refreshed. */
function useAdminMutation<V, R>(
  fn: (v: V) => Promise<R>,
  success: (v: V, r: R) => string,
  onError?: (err: unknown, reload: () => void) => void,
) {
  const qc = useQueryClient();
  const reload = () => void qc.invalidateQueries({ queryKey: adminKeys.all });
  return useMutation({
    mutationFn: fn,
    onSuccess: (r, v) => {
      notifications.show({ color: 'green', title: 'Done', message: success(v, r) });
      reload();
    },
    onError: onError ? (err) => onError(err, reload) : undefined,
  });
}

/**
 * The server refused a review because the item changed after the admin read it (a decision
 * names the `updatedAt` it was made on): the item is what has to be looked at again.
 */
export const changedSinceReview = (err: unknown): boolean =>
  err instanceof ApiError && err.code === 'CHANGED_SINCE_REVIEW';

/** On a changed item: the queue is read again and the admin told to review it afresh. */
function reloadChanged(err: unknown, reload: () => void) {
  if (!changedSinceReview(err)) return;
  reload();
  notifications.show({
    color: 'yellow',
    title: 'Changed since you opened it',
    message: ADMIN_MESSAGES.changedSinceReview,
    autoClose: false,
  });
}

/** A review decision on the version of the item the admin is looking at (its `updatedAt`). */
interface ReviewVars {
  id: string;
  updatedAt: string;
  decision: 'approve' | 'reject';
  reason?: string;
}
const reviewBody = ({ updatedAt, decision, reason }: ReviewVars) =>
  decision === 'reject' ? { reason, updatedAt } : { updatedAt };

/**
 * For an action run without a confirmation dialog (the dialog shows its own errors): a failure
 * is told in a toast carrying the server's message, never swallowed.
 */
export const toastOnError = {
  onError: (err: unknown) => showError(err, 'The action failed. Please try again.', 'Action failed'),
};

export const useUpdateUser = () =>
  useAdminMutation(
    ({ id, patch }: { id: string; patch: AdminUserPatch; name: string }) =>
      api<AdminUser>(`/api/admin/users/${id}`, { method: 'PATCH', body: patch }),
    (v, r) =>
      v.patch.status
        ? `${v.name} is now ${r.status === 'suspended' ? 'suspended and signed out everywhere' : 'active'}.`
        : `${v.name} is now ${r.role}.`,
  );

export const useUpdateQuestion = () =>
  useAdminMutation(
    ({ id, patch }: { id: string; patch: { status?: string; hidden?: boolean } }) =>
      api<AdminQuestion>(`/api/admin/questions/${id}`, { method: 'PATCH', body: patch }),
    (_v, r) => `“${r.title}” is now ${r.hidden ? 'hidden' : 'visible'} and ${r.status}.`,
  );

export const useDeleteQuestion = () =>
  useAdminMutation(
    ({ id }: { id: string; title: string }) => api<null>(`/api/admin/questions/${id}`, { method: 'DELETE' }),
    (v) => `“${v.title}” was deleted.`,
  );

export const useUpdateIdea = () =>
  useAdminMutation(
    ({ id, hidden }: { id: string; hidden: boolean }) =>
      api<AdminIdea>(`/api/admin/ideas/${id}`, { method: 'PATCH', body: { hidden } }),
    (_v, r) => `“${r.title}” is now ${r.hidden ? 'hidden from everyone but its author' : 'visible'}.`,
  );

export const useDeleteIdea = () =>
  useAdminMutation(
    ({ id }: { id: string; title: string }) => api<null>(`/api/admin/ideas/${id}`, { method: 'DELETE' }),
    (v) => `“${v.title}” was deleted.`,
  );

export const useReviewHackathon = () =>
  useAdminMutation(
    (v: ReviewVars) =>
      api<AdminHackathon>(`/api/admin/hackathons/${v.id}/${v.decision}`, {
        method: 'POST',
        body: reviewBody(v),
      }),
    (v, r) =>
      v.decision === 'approve'
        ? `“${r.title}” is published; the organiser has been e-mailed.`
        : `“${r.title}” was rejected; the organiser has been e-mailed.`,
    reloadChanged,
  );

export const useReviewJob = () =>
  useAdminMutation(
    (v: ReviewVars) =>
      api<AdminJob>(`/api/admin/jobs/${v.id}/${v.decision}`, { method: 'POST', body: reviewBody(v) }),
    (v, r) =>
      v.decision === 'approve'
        ? `“${r.title}” is live; the poster has been e-mailed.`
        : `“${r.title}” was rejected; the poster has been e-mailed.`,
    reloadChanged,
  );

export const useProcessWithdrawal = () =>
  useAdminMutation(
    ({ id, decision, text }: { id: string; decision: 'complete' | 'fail'; text: string }) =>
      api<AdminWithdrawal>(`/api/admin/withdrawals/${id}/${decision}`, {
        method: 'POST',
        body: decision === 'complete' ? { payoutReference: text } : { reason: text },
      }),
    (v, r) =>
      v.decision === 'complete'
        ? `Withdrawal of ${r.user.displayName} marked completed; they have been notified.`
        : `Withdrawal of ${r.user.displayName} marked failed; the money is back in their wallet.`,
  );

export const useSetMinReward = () =>
  useAdminMutation(
    (minRewardAmount: number) =>
      api<{ minRewardAmount: number }>('/api/admin/settings/min-reward', {
        method: 'PUT',
        body: { minRewardAmount },
      }),
    (_v, r) => `The minimum reward is now ${wholeRupees(r.minRewardAmount)}.`,
  );

export const useRetryFailedMail = () =>
  useAdminMutation(
    () => api<{ requeued: number }>('/api/admin/mail/retry-failed', { method: 'POST' }),
    (_v, r) => `${r.requeued} e-mail(s) queued again.`,
  );

/** The full payout destination, fetched only when the admin asks (the server audits it). */
export function usePayoutDetails(id: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.payout(id),
    queryFn: ({ signal }) => api<PayoutDetails>(`/api/admin/withdrawals/${id}/payout-details`, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
