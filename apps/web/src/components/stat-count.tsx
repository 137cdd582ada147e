import { plural } from '@agora/shared';
import { Group, type MantineSize, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StatCountProps {
  icon: ReactNode;
  count: number;
  /** Singular noun read by screen readers after the number: "1 view", "3 views". */
  noun: string;
  size?: MantineSize;
  dimmed?: boolean;
  px?: number;
}

/**
 * An icon and a number ("👁 3"). Screen readers hear "3 views": the noun is visually hidden text
 * inside the element rather than an aria-label, so the accessible name always contains what is
 * shown (axe label-content-name-mismatch) and a plain div carries no prohibited aria-label.
 */
export function StatCount({ icon, count, noun, size = 'sm', dimmed, px }: StatCountProps) {
  return (
    <Group gap={4} px={px} wrap="nowrap">
      {icon}
      <Text size={size} c={dimmed ? 'dimmed' : undefined}>
        <span aria-hidden>{count}</span>
        <VisuallyHidden>{plural(count, noun)}</VisuallyHidden>
      </Text>
    </Group>
  );
}
