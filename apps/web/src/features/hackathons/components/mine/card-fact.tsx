import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One line of a My Hackathons card: an icon and a fact. */
export function CardFact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm">{children}</Text>
    </Group>
  );
}
