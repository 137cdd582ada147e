import { Box, LoadingOverlay, VisuallyHidden } from '@mantine/core';
import { type PaymentFlowInput, usePaymentFlow } from '../lib/use-payment-flow';
import classes from './payment-step.module.css';
import { SandboxCheckout } from './sandbox-checkout';

export type PaymentStepProps = PaymentFlowInput;

/** Above the page and its modals (the same layer as the overlay's CSS class). */
const OVERLAY_Z = 300;

/**
 * spec 01 §4 "Question creation", after the question exists: the order, the provider's checkout
 * (or the built-in sandbox one) and the verification, with a busy overlay meanwhile.
 * Mount it once per payment attempt; it reports exactly one of onPaid / onError / onCancel.
 */
export function PaymentStep(props: PaymentStepProps) {
  const { phase, order, user, themeColor, purpose, paySandbox, cancel } = usePaymentFlow(props);
  const busy = phase === 'creating' || phase === 'paying' || phase === 'verifying';
  const showSandbox = order?.provider === 'sandbox' && phase !== 'done';

  return (
    <>
      {busy && !showSandbox && (
        <Box pos="fixed" inset={0} aria-live="polite" className={classes.overlay}>
          <LoadingOverlay visible zIndex={OVERLAY_Z} overlayProps={{ blur: 1 }} />
          <VisuallyHidden>
            {phase === 'verifying' ? 'Verifying your payment…' : 'Preparing your payment…'}
          </VisuallyHidden>
        </Box>
      )}
      {order && (
        <SandboxCheckout
          opened={showSandbox}
          order={order}
          name={user?.name ?? ''}
          email={user?.email ?? ''}
          color={themeColor}
          purpose={purpose}
          busy={phase === 'paying' || phase === 'verifying'}
          status={phase === 'verifying' ? 'Verifying payment…' : phase === 'paying' ? 'Processing…' : null}
          onPay={paySandbox}
          onCancel={cancel}
        />
      )}
    </>
  );
}
