import { Card, type MantineColor, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** An icon, a short title and a sentence or two: the building block of the info pages. */
export function FeatureCard({
  icon,
  color,
  title,
  children,
  step,
}: {
  icon: ReactNode;
  color: MantineColor;
  title: string;
  children: ReactNode;
  step?: number;
}) {
  return (
    // No height of its own: a grid stretches it to its row, and in a column it grows with its text.
    <Card withBorder radius="lg" padding="lg">
      <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={3} size="h5" mt="md" mb={6}>
        {step ? (
          <Text span c={`${color}.9`} fw={800} mr={6}>
            {step}.
          </Text>
        ) : null}
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Card>
  );
}
