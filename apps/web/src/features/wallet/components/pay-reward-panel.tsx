import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { wholeRupees } from '../../../lib/money';
import { PaymentStep } from '../../payments/components/payment-step';
import { showErrorToast } from '../../../lib/toasts';

export interface PayRewardPanelProps {
  questionId: string;
  /** Paise the author asked for at creation (0 when unknown). */
  requestedPaise: number;
  onPaid: () => void;
}

/**
 * A question whose checkout was cancelled or failed stays unpaid; its author can pay the reward
 * here later, through the same payment step as the ask form.
 */
export function PayRewardPanel({ questionId, requestedPaise, onPaid }: PayRewardPanelProps) {
  // One question, one amount: the order is always the reward the question asks for.
  const value = Math.round(requestedPaise / 100);
  const [paying, setPaying] = useState<number | null>(null);

  return (
    <Alert color="yellow" icon={<IconAlertCircle size={20} />} title="This question's reward is not paid yet">
      <Stack gap="sm">
        <Text size="sm">
          Pay the reward of {wholeRupees(value)} to publish the question; it is held in escrow until you
          distribute it among the answers you choose.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Button
            leftSection={<IconCreditCard size={18} />}
            onClick={() => setPaying(value)}
            loading={paying !== null}
            disabled={value <= 0}
          >
            Pay {wholeRupees(value)}
          </Button>
        </Group>
      </Stack>
      {paying !== null ? (
        <PaymentStep
          questionId={questionId}
          amountRupees={paying}
          onPaid={() => {
            // The payment's verification refreshed the question's lists and pages.
            setPaying(null);
            notifications.show({
              title: 'Payment successful',
              message: 'The reward is ready to distribute.',
              color: 'teal',
            });
            onPaid();
          }}
          onError={(title, message) => {
            setPaying(null);
            showErrorToast({ title, message });
          }}
          onCancel={() => setPaying(null)}
        />
      ) : null}
    </Alert>
  );
}
