import type { CreateOrderResult, SandboxPayResult } from '@agora/shared';
import {
  Badge,
  Box,
  Button,
  Divider,
  Group,
  LoadingOverlay,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import { IconCreditCard, IconLock } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { rupees } from '../../../lib/money';
import { useCreateOrder, useSandboxPay, useVerifyPayment } from '../api/payments';
import { loadRazorpayCheckout } from './razorpay-checkout';

export interface PaymentStepProps {
  /** The question whose reward this pays; or, instead, the hackathon whose prize pool it funds. */
  questionId?: string;
  hackathonId?: string;
  amountRupees: number;
  onPaid: () => void;
  onError: (title: string, message: string) => void;
  onCancel: () => void;
}

type Phase = 'creating' | 'checkout' | 'paying' | 'verifying' | 'done';

const ORDER_ERROR_TITLE = 'Payment Processing Error';
const VERIFY_ERROR_TITLE = 'Payment Verification Failed';
const VERIFY_ERROR_MESSAGE =
  'We encountered an issue verifying your payment. Please contact our support team for assistance.';

/**
 * spec 01 §4 "Question creation", after the question exists: create the order, open the
 * provider's checkout (prefilled name, e-mail, theme colour), verify the signed payment.
 * Mount it once per payment attempt; it reports exactly one of onPaid / onError / onCancel.
 */
export function PaymentStep({
  questionId,
  hackathonId,
  amountRupees,
  onPaid,
  onError,
  onCancel,
}: PaymentStepProps) {
  const theme = useMantineTheme();
  // The provider's checkout takes a hex colour; shade 8 is the app's filled (AA-contrast) shade.
  const themeColor = theme.colors[theme.primaryColor]?.[8] ?? '#1971c2';
  const { user } = useAuth();
  const [phase, setPhase] = useState<Phase>('creating');
  const [order, setOrder] = useState<CreateOrderResult | null>(null);
  const settled = useRef(false);
  const started = useRef(false);
  // The callbacks may change identity on every render of the parent; the flow keeps the latest.
  const qc = useQueryClient();
  const callbacks = useRef({ onPaid, onError, onCancel });
  callbacks.current = { onPaid, onError, onCancel };
  // The writes are mutations; the phases and their messages stay here. mutateAsync is stable.
  const { mutateAsync: createOrder } = useCreateOrder();
  const { mutateAsync: verifyPayment } = useVerifyPayment();
  const { mutateAsync: sandboxPay } = useSandboxPay();

  const finish = useCallback(
    (outcome: { kind: 'paid' } | { kind: 'cancel' } | { kind: 'error'; title: string; message: string }) => {
      if (settled.current) return;
      settled.current = true;
      setPhase('done');
      if (outcome.kind === 'paid') callbacks.current.onPaid();
      else if (outcome.kind === 'cancel') callbacks.current.onCancel();
      else callbacks.current.onError(outcome.title, outcome.message);
    },
    [],
  );

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
          void qc.invalidateQueries({ queryKey: ['wallet'] });
          finish({ kind: 'paid' });
          return;
        }
        finish({ kind: 'error', title: VERIFY_ERROR_TITLE, message: VERIFY_ERROR_MESSAGE });
      }
    },
    [questionId, hackathonId, finish, qc, verifyPayment],
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
        description: hackathonId ? 'Hackathon prize pool' : 'Question reward',
        prefill: { name: user?.name ?? '', email: user?.email ?? '' },
        theme: { color: themeColor },
        handler: (res) => void verify(res),
        modal: { ondismiss: () => finish({ kind: 'cancel' }) },
      });
      checkout.open();
    },
    [user, themeColor, verify, finish, hackathonId],
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
      .catch((err: unknown) => {
        finish({
          kind: 'error',
          title: ORDER_ERROR_TITLE,
          message: `Unable to process your payment. ${errorMessage(err, 'Please try again.')}`,
        });
      });
  }, [questionId, hackathonId, amountRupees, openRazorpay, finish, createOrder]);

  const paySandbox = async () => {
    if (!order) return;
    setPhase('paying');
    let signed: SandboxPayResult;
    try {
      signed = await sandboxPay(order.orderId);
    } catch (err) {
      finish({
        kind: 'error',
        title: ORDER_ERROR_TITLE,
        message: `Unable to process your payment. ${errorMessage(err, 'Please try again.')}`,
      });
      return;
    }
    await verify(signed);
  };

  const busy = phase === 'creating' || phase === 'paying' || phase === 'verifying';
  const showSandbox = order?.provider === 'sandbox' && phase !== 'done';

  return (
    <>
      {busy && !showSandbox && (
        <Box pos="fixed" inset={0} style={{ zIndex: 300 }} aria-live="polite">
          <LoadingOverlay visible zIndex={300} overlayProps={{ blur: 1 }} />
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
          purpose={hackathonId ? 'Hackathon prize pool' : 'Question reward'}
          busy={phase === 'paying' || phase === 'verifying'}
          status={phase === 'verifying' ? 'Verifying payment…' : phase === 'paying' ? 'Processing…' : null}
          onPay={paySandbox}
          onCancel={() => finish({ kind: 'cancel' })}
        />
      )}
    </>
  );
}

interface SandboxCheckoutProps {
  opened: boolean;
  order: CreateOrderResult;
  name: string;
  email: string;
  color: string;
  /** What the payment is for, as the checkout names it. */
  purpose: string;
  busy: boolean;
  status: string | null;
  onPay: () => void;
  onCancel: () => void;
}

/** The built-in test checkout: looks like a card checkout, charges nothing, signs like the provider. */
function SandboxCheckout({
  opened,
  order,
  name,
  email,
  color,
  purpose,
  busy,
  status,
  onPay,
  onCancel,
}: SandboxCheckoutProps) {
  const amount = rupees(order.amount);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onCancel();
      }}
      withCloseButton={false}
      closeOnClickOutside={false}
      centered
      size="sm"
      padding={0}
      radius="md"
      aria-label="Checkout"
    >
      <Box
        p="md"
        style={{ background: color, color: 'white', borderTopLeftRadius: 8, borderTopRightRadius: 8 }}
      >
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={700} size="lg">
              Agora
            </Text>
            <Text size="sm" opacity={0.9}>
              {purpose}
            </Text>
          </div>
          <Badge color="yellow" variant="filled" size="sm">
            Test mode
          </Badge>
        </Group>
        <Text fw={700} fz={28} mt="sm" data-testid="checkout-amount">
          {amount}
        </Text>
      </Box>
      <Stack p="md" gap="sm">
        <TextInput label="Name" value={name} readOnly size="xs" />
        <TextInput label="Email" value={email} readOnly size="xs" />
        <Divider label="Card" labelPosition="left" />
        <Paper withBorder p="sm" radius="sm">
          <Stack gap="xs">
            <TextInput
              label="Card number"
              value="4111 1111 1111 1111"
              readOnly
              leftSection={
                <ThemeIcon variant="subtle" size="sm">
                  <IconCreditCard size={16} />
                </ThemeIcon>
              }
            />
            <SimpleGrid cols={2} spacing="xs">
              <TextInput label="Expiry" value="12 / 30" readOnly />
              <TextInput label="CVV" value="123" readOnly />
            </SimpleGrid>
          </Stack>
        </Paper>
        <Text size="xs" c="dimmed">
          Sandbox checkout: no card is charged. Order {order.orderId}
        </Text>
        {status && (
          <Text size="sm" c="dimmed" role="status">
            {status}
          </Text>
        )}
        <Group grow>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onPay} loading={busy} leftSection={<IconLock size={16} />} data-autofocus>
            Pay {amount}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
