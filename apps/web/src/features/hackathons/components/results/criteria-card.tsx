import type { HackathonCriterion } from '@agora/shared';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';

/** The criteria the judges score, with each one's share of the total. */
export function CriteriaCard({ criteria }: { criteria: HackathonCriterion[] }) {
  const total = criteria.reduce((a, c) => a + c.weight, 0);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="criteria-title">
      <Title order={3} id="criteria-title" mb="xs">
        Scored on
      </Title>
      <Stack gap={4}>
        {criteria.map((c) => (
          <Group key={c.name} justify="space-between" wrap="nowrap" data-testid="criterion">
            <Text size="sm">{c.name}</Text>
            <Text size="sm" c="dimmed">
              {Math.round((c.weight / total) * 100)}%
            </Text>
          </Group>
        ))}
      </Stack>
      <Text size="xs" c="dimmed" mt="xs">
        Each judge scores every criterion from 1 to 5.
      </Text>
    </Paper>
  );
}
