import type { CreateOrderResult, SandboxPayResult } from '@agora/shared';
import { useMantineTheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { useCreateOrder, useSandboxPay, useVerifyPayment } from '../api/payments';
import { loadRazorpayCheckout } from '../components/razorpay-checkout';

export interface PaymentFlowInput {
  /** The question whose reward this pays; or, instead, the hackathon whose prize pool it funds. */
  questionId?: string;
  hackathonId?: string;
  amountRupees: number;
  onPaid: () => void;
  onError: (title: string, message: string) => void;
  onCancel: () => void;
}

export type PaymentPhase = 'creating' | 'checkout' | 'paying' | 'verifying' | 'done';

type Outcome = { kind: 'paid' } | { kind: 'cancel' } | { kind: 'error'; title: string; message: string };

const ORDER_ERROR_TITLE = 'Payment Processing Error';
const VERIFY_ERROR_TITLE = 'Payment Verification Failed';
const VERIFY_ERROR_MESSAGE =
  'We encountered an issue verifying your payment. Please contact our support team for assistance.';

const orderError = (err: unknown): Outcome => ({
  kind: 'error',
  title: ORDER_ERROR_TITLE,
  message: `Unable to process your payment. ${errorMessage(err, 'Please try again.')}`,
});

/**
 * spec 01 §4 "Question creation", after the question exists: create the order, open the
 * provider's checkout (prefilled name, e-mail, theme colour), verify the signed payment. One
 * order per mounted step; it reports exactly one of onPaid / onError / onCancel.
 */
export function usePaymentFlow({
  questionId,
  hackathonId,
  amountRupees,
  onPaid,
  onError,
  onCancel,
}: PaymentFlowInput) {
  const theme = useMantineTheme();
  // The provider's checkout takes a hex colour; shade 8 is the app's filled (AA-contrast) shade.
  const themeColor = theme.colors[theme.primaryColor]?.[8] ?? '#1971c2';
  const { user } = useAuth();
  const [phase, setPhase] = useState<PaymentPhase>('creating');
  const [order, setOrder] = useState<CreateOrderResult | null>(null);
  const settled = useRef(false);
  const started = useRef(false);
  // The callbacks may change identity on every render of the parent; the flow keeps the latest.
  const callbacks = useRef({ onPaid, onError, onCancel });
  callbacks.current = { onPaid, onError, onCancel };
  // The writes are mutations; the phases and their messages stay here. mutateAsync is stable.
  const { mutateAsync: createOrder } = useCreateOrder();
  const { mutateAsync: verifyPayment } = useVerifyPayment();
  const { mutateAsync: sandboxPay } = useSandboxPay();
  const purpose = hackathonId ? 'Hackathon prize pool' : 'Question reward';

  const finish = useCallback((outcome: Outcome) => {
    if (settled.current) return;
    settled.current = true;
    setPhase('done');
    if (outcome.kind === 'paid') callbacks.current.onPaid();
    else if (outcome.kind === 'cancel') callbacks.current.onCancel();
    else callbacks.current.onError(outcome.title, outcome.message);
  }, []);

  const verify = useCallback(
    async (signed: SandboxPayResult) => {
      setPhase('verifying');
      try {
        await verifyPayment(hackathonId ? { ...signed, hackathonId } : { ...signed, questionId });
        finish({ kind: 'paid' });
      } catch (err) {
        // Paid meanwhile through another order (another window): this payment went to the wallet.
        // The question is paid; say where the money is rather than "contact support".
        if (err instanceof ApiError && err.code === 'QUESTION_ALREADY_PAID') {
          notifications.show({
            color: 'blue',
            title: 'Already paid',
            message: err.message,
            autoClose: 10_000,
          });
          finish({ kind: 'paid' });
          return;
        }
        finish({ kind: 'error', title: VERIFY_ERROR_TITLE, message: VERIFY_ERROR_MESSAGE });
      }
    },
    [questionId, hackathonId, finish, verifyPayment],
  );

  const openRazorpay = useCallback(
    async (o: CreateOrderResult) => {
      let Razorpay: Awaited<ReturnType<typeof loadRazorpayCheckout>>;
      try {
        Razorpay = await loadRazorpayCheckout();
      } catch {
        finish({
          kind: 'error',
          title: ORDER_ERROR_TITLE,
          message: 'Unable to process your payment. The payment window could not be loaded.',
        });
        return;
      }
      const checkout = new Razorpay({
        key: o.key,
        amount: o.amount,
        currency: o.currency,
        order_id: o.orderId,
        name: 'Agora',
        description: purpose,
        prefill: { name: user?.name ?? '', email: user?.email ?? '' },
        theme: { color: themeColor },
        handler: (res) => void verify(res),
        modal: { ondismiss: () => finish({ kind: 'cancel' }) },
      });
      checkout.open();
    },
    [user, themeColor, verify, finish, purpose],
  );

  useEffect(() => {
    // One order per mounted step, also under StrictMode's double effect run.
    if (started.current) return;
    started.current = true;
    createOrder({
      target: hackathonId ? { hackathonId } : { questionId: questionId ?? '' },
      amountRupees,
    })
      .then((o) => {
        setOrder(o);
        setPhase('checkout');
        if (o.provider === 'razorpay') void openRazorpay(o);
      })
      .catch((err: unknown) => finish(orderError(err)));
  }, [questionId, hackathonId, amountRupees, openRazorpay, finish, createOrder]);

  const paySandbox = async () => {
    if (!order) return;
    setPhase('paying');
    let signed: SandboxPayResult;
    try {
      signed = await sandboxPay(order.orderId);
    } catch (err) {
      finish(orderError(err));
      return;
    }
    await verify(signed);
  };

  return {
    phase,
    order,
    user,
    themeColor,
    purpose,
    paySandbox,
    cancel: () => finish({ kind: 'cancel' }),
  };
}
