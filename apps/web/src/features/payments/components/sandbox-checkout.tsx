import type { CreateOrderResult } from '@agora/shared';
import {
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconCreditCard, IconLock } from '@tabler/icons-react';
import { rupees } from '../../../lib/money';
import classes from './payment-step.module.css';

export interface SandboxCheckoutProps {
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
export function SandboxCheckout({
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
      <Box p="md" bg={color} className={classes.head}>
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
