import { BankDetailsBody, MSG, type WalletView } from '@agora/shared';
import {
  Alert,
  Button,
  Card,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconBuildingBank, IconPencil } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { validateAll, zodValidate } from '../../../lib/form';
import { useSaveBankDetails } from '../api/save-bank-details';
import { moneyError } from '../lib/money';
import u from '../../../components/utilities.module.css';

export interface PaymentDetailsCardProps {
  wallet: WalletView;
  /** Opens the form at once (the withdraw button sends the user here when details are missing). */
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fw={500} data-testid={testId} className={u.wrapAnywhere}>
        {value}
      </Text>
    </div>
  );
}

/** spec 01 §5: a UPI id, or all four bank fields; IFSC forced to upper case. */
export function PaymentDetailsCard({ wallet, editing, onEditingChange }: PaymentDetailsCardProps) {
  const hasDetails = Boolean(wallet.upiId || wallet.bankAccount);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Payment Details
        </Title>
        {!editing && hasDetails ? (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPencil size={14} />}
            onClick={() => onEditingChange(true)}
          >
            Edit
          </Button>
        ) : null}
      </Group>
      {editing ? (
        <PaymentDetailsForm wallet={wallet} onDone={() => onEditingChange(false)} />
      ) : hasDetails ? (
        <Stack gap="sm">
          {wallet.upiId ? <Row label="UPI ID" value={wallet.upiId} testId="payout-upi" /> : null}
          {wallet.bankAccount ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Row label="Account Number" value={wallet.bankAccount.accountNumber} testId="payout-account" />
              <Row label="IFSC Code" value={wallet.bankAccount.ifsc} testId="payout-ifsc" />
              <Row label="Account Holder" value={wallet.bankAccount.accountHolderName} />
              <Row label="Bank Name" value={wallet.bankAccount.bankName} />
            </SimpleGrid>
          ) : null}
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text c="dimmed">Add a UPI ID or a bank account to withdraw your earnings.</Text>
          <Button leftSection={<IconBuildingBank size={18} />} onClick={() => onEditingChange(true)}>
            Add Payment Details
          </Button>
        </Stack>
      )}
    </Card>
  );
}

/** The shared PUT /api/wallet/bank-details body, as the server checks it; which of UPI / bank applies is checked below. */
const bankDetailsRules = zodValidate(BankDetailsBody);
const FIELDS = ['upiId', 'accountNumber', 'ifsc', 'accountHolderName', 'bankName'] as const;

function PaymentDetailsForm({ wallet, onDone }: { wallet: WalletView; onDone: () => void }) {
  const save = useSaveBankDetails();
  const form = useForm({
    initialValues: {
      upiId: wallet.upiId ?? '',
      accountNumber: '',
      ifsc: wallet.bankAccount?.ifsc ?? '',
      accountHolderName: wallet.bankAccount?.accountHolderName ?? '',
      bankName: wallet.bankAccount?.bankName ?? '',
    },
    validate: bankDetailsRules,
  });
  // The form's one message line: the spec's "UPI id or bank account" rule and the server's refusal.
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    // The shared BankDetailsBody's field limits, on their fields.
    if (validateAll(form, FIELDS)) return;
    const { upiId, accountNumber, ifsc, accountHolderName, bankName } = form.getValues();
    const bank = [accountNumber, ifsc, accountHolderName, bankName].map((v) => v.trim());
    // The saved account number is never shown, so it cannot be prefilled: left blank, with the other
    // three bank fields filled, the server keeps the saved one.
    const keepsSavedAccount = Boolean(wallet.bankAccount) && !bank[0] && bank.slice(1).every(Boolean);
    const bankComplete = bank.every(Boolean) || keepsSavedAccount;
    if (!upiId.trim() && !bankComplete) return setError(MSG.paymentDetailsRequired);
    save.mutate(
      {
        upiId: upiId.trim(),
        accountNumber: bank[0],
        ifsc: bank[1],
        accountHolderName: bank[2],
        bankName: bank[3],
      },
      {
        onSuccess: () => {
          notifications.show({
            title: 'Payment details saved',
            message: 'Your payout details were updated.',
            color: 'teal',
          });
          onDone();
        },
        onError: (err) => setError(moneyError(err)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Payment details">
      <Stack gap="sm">
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label="UPI ID"
          placeholder="name@bank"
          {...form.getInputProps('upiId')}
          maxLength={256}
          autoComplete="off"
        />
        <Divider label="or bank account" labelPosition="center" />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Account Number"
            placeholder={wallet.bankAccount ? `Saved: ${wallet.bankAccount.accountNumber}` : ''}
            {...form.getInputProps('accountNumber')}
            onChange={(e) =>
              form.setFieldValue('accountNumber', e.currentTarget.value.replace(/[^\d\s]/g, ''))
            }
            inputMode="numeric"
            maxLength={24}
            autoComplete="off"
          />
          <TextInput
            label="IFSC Code"
            placeholder="SBIN0001234"
            {...form.getInputProps('ifsc')}
            onChange={(e) => form.setFieldValue('ifsc', e.currentTarget.value.toUpperCase())}
            maxLength={11}
            autoComplete="off"
          />
          <TextInput
            label="Account Holder Name"
            {...form.getInputProps('accountHolderName')}
            maxLength={100}
            autoComplete="name"
          />
          <TextInput label="Bank Name" {...form.getInputProps('bankName')} maxLength={100} />
        </SimpleGrid>
        {wallet.bankAccount ? (
          <Text size="xs" c="dimmed">
            For your security the saved account number is never shown in full: leave it blank to keep it, or
            type a new one. Clear all four bank fields to remove the bank account.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save Details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
