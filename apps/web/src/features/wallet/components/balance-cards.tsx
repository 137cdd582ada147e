import { Button, Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconArrowUpRight, IconCoin, IconWallet } from '@tabler/icons-react';
import { rupees } from '../../../lib/money';

export interface BalanceCardsProps {
  balance: number;
  totalEarned: number;
  onWithdraw: () => void;
}

/** Available balance (with the withdraw action) and total earned, both in paise. */
export function BalanceCards({ balance, totalEarned, onWithdraw }: BalanceCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text c="dimmed" size="sm" fw={500}>
              Available Balance
            </Text>
            <Text fz={32} fw={700} data-testid="wallet-balance">
              {rupees(balance)}
            </Text>
          </div>
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
            <IconWallet size={24} />
          </ThemeIcon>
        </Group>
        <Button mt="md" onClick={onWithdraw} leftSection={<IconArrowUpRight size={18} />}>
          Withdraw
        </Button>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text c="dimmed" size="sm" fw={500}>
              Total Earned
            </Text>
            <Text fz={32} fw={700} data-testid="wallet-total-earned">
              {rupees(totalEarned)}
            </Text>
          </div>
          <ThemeIcon size={44} radius="xl" variant="light" color="teal" aria-hidden>
            <IconCoin size={24} />
          </ThemeIcon>
        </Group>
        <Text mt="md" size="sm" c="dimmed">
          Rewards you received for your answers.
        </Text>
      </Card>
    </SimpleGrid>
  );
}
