import { MSG, WithdrawalBody } from '@agora/shared';
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FormEvent, useState } from 'react';
import { useRequestWithdrawal } from '../api/request-withdrawal';
import { rupees } from '../../../lib/money';
import { moneyError, rupeesToPaise } from '../lib/money';

export interface WithdrawDialogProps {
  opened: boolean;
  balance: number;
  /** Where the money can go: the saved UPI ID and/or bank account, each described for the user. */
  destinations: { method: 'upi' | 'bank'; label: string }[];
  onClose: () => void;
  onDone: (message: string) => void;
}

/** The shared WithdrawalBody's amount rule (whole paise above 0, MSG.invalidAmount; a ceiling, MSG.insufficientBalance). */
const amountRule = WithdrawalBody.shape.amount;

/** spec 01 §5: amount above 0 (min ₹0.01), at most the balance; sent in paise. */
export function WithdrawDialog({ opened, balance, destinations, onClose, onDone }: WithdrawDialogProps) {
  const form = useForm({ initialValues: { amount: '' } });
  // With both UPI and a bank account saved the user picks one (the server asks for it too).
  const [method, setMethod] = useState<'upi' | 'bank' | null>(null);
  const choose = destinations.length > 1;
  const [error, setError] = useState<string | null>(null);
  // One key per attempt: a retried (double-clicked, re-sent) request never withdraws twice.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const withdraw = useRequestWithdrawal();

  const reset = () => {
    form.reset();
    setMethod(null);
    setError(null);
    setRequestId(crypto.randomUUID());
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const paise = rupeesToPaise(form.getValues().amount);
    if (paise === null) return setError(MSG.invalidAmount);
    const checked = amountRule.safeParse(paise);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? MSG.invalidAmount);
    if (paise > balance) return setError(MSG.insufficientBalance);
    if (choose && !method) return setError(MSG.payoutMethodRequired);
    withdraw.mutate(
      { amount: paise, requestId, ...(choose && method ? { method } : {}) },
      {
        onSuccess: (res) => {
          reset();
          onDone(res.message);
        },
        onError: (err) => setError(moneyError(err)),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (withdraw.isPending) return;
        reset();
        onClose();
      }}
      title="Withdraw Funds"
      centered
    >
      <form onSubmit={submit} noValidate aria-label="Withdraw funds">
        <Stack gap="md">
          <Text size="sm">
            Available balance: <b data-testid="withdraw-available">{rupees(balance)}</b>
          </Text>
          {choose ? (
            <Radio.Group
              label="Pay to"
              required
              value={method}
              onChange={(v) => setMethod(v as 'upi' | 'bank')}
            >
              <Stack gap={6} mt={6}>
                {destinations.map((d) => (
                  <Radio key={d.method} value={d.method} label={d.label} />
                ))}
              </Stack>
            </Radio.Group>
          ) : (
            <Text size="sm" c="dimmed">
              Paid to {destinations[0]?.label}
            </Text>
          )}
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="Amount (₹)"
            placeholder="0.00"
            inputMode="decimal"
            {...form.getInputProps('amount')}
            data-autofocus
            required
            rightSection={
              <Button
                variant="subtle"
                size="compact-xs"
                onClick={() => form.setFieldValue('amount', (balance / 100).toFixed(2))}
              >
                Max
              </Button>
            }
            rightSectionWidth={56}
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                reset();
                onClose();
              }}
              disabled={withdraw.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" loading={withdraw.isPending}>
              Request Withdrawal
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
