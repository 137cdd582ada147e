import { ADMIN_MESSAGES, type AdminWithdrawal } from '@agora/shared';
import { rupees } from '../../../lib/money';
import { useProcessWithdrawal } from '../api/admin-actions';
import { ConfirmDialog } from './confirm-dialog';
import type { WithdrawalDecision } from './withdrawal-row';

interface WithdrawalDecisionDialogProps {
  pending: { w: AdminWithdrawal; decision: WithdrawalDecision } | null;
  onClose: () => void;
}

/**
 * Confirms marking a withdrawal paid (with the payout reference) or failed (with the reason the
 * user is told; the money goes back to their wallet).
 */
export function WithdrawalDecisionDialog({ pending, onClose }: WithdrawalDecisionDialogProps) {
  const process = useProcessWithdrawal();
  return (
    <ConfirmDialog
      opened={pending !== null}
      onClose={onClose}
      title={
        pending?.decision === 'complete' ? 'Mark this withdrawal as paid?' : 'Mark this withdrawal as failed?'
      }
      confirmLabel={pending?.decision === 'complete' ? 'Mark paid' : 'Mark failed'}
      color={pending?.decision === 'complete' ? 'green' : 'red'}
      field={
        pending?.decision === 'complete'
          ? {
              label: 'Payout reference (UTR or transaction id)',
              placeholder: 'e.g. UTR 4123 5678 9012',
              requiredMessage: ADMIN_MESSAGES.payoutReferenceRequired,
              maxLength: 100,
            }
          : {
              label: 'Reason (shown to the user)',
              placeholder: 'e.g. The UPI id is not active',
              requiredMessage: ADMIN_MESSAGES.reasonRequired,
              maxLength: 500,
              multiline: true,
            }
      }
      onConfirm={(text) => process.mutateAsync({ id: pending!.w._id, decision: pending!.decision, text })}
    >
      {pending ? (
        pending.decision === 'complete' ? (
          <>
            Confirm that {rupees(pending.w.amount)} has been sent to {pending.w.user.displayName}. They will
            be notified.
          </>
        ) : (
          <>
            {rupees(pending.w.amount)} goes back to {pending.w.user.displayName}'s wallet, and they are
            notified with your reason.
          </>
        )
      ) : null}
    </ConfirmDialog>
  );
}
