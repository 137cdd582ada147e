import { Card, Group, Progress, SimpleGrid, Text } from '@mantine/core';
import { rupees } from '../../../lib/money';

export interface DistributionStatusProps {
  totalPaise: number;
  distributed: number;
  remaining: number;
}

/** Total reward and the distribution status: 100% available, % distributed, % remaining. */
export function DistributionStatus({ totalPaise, distributed, remaining }: DistributionStatusProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Card withBorder radius="lg" padding="lg">
        <Text c="dimmed" size="sm" fw={500}>
          Total Reward
        </Text>
        <Text fz={32} fw={700} data-testid="reward-total">
          {rupees(totalPaise)}
        </Text>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Text c="dimmed" size="sm" fw={500} mb={6}>
          Distribution Status
        </Text>
        <Progress value={distributed} size="lg" radius="xl" aria-label="Percentage distributed" />
        <Group justify="space-between" mt="sm" gap="xs">
          <Text size="sm">
            <b>100%</b> available
          </Text>
          <Text size="sm" data-testid="reward-distributed">
            <b>{distributed}%</b> distributed
          </Text>
          <Text size="sm" data-testid="reward-remaining">
            <b>{remaining}%</b> remaining
          </Text>
        </Group>
      </Card>
    </SimpleGrid>
  );
}
