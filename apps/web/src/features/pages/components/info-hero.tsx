import { Badge, Box, Container, Group, type MantineColor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface InfoHeroProps {
  color: MantineColor;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/**
 * The hero of the landing and portal-info pages. These pages have no top offset (spec 01 §2), so
 * the hero itself leaves room for the fixed top bar.
 */
export function InfoHero({ color, eyebrow, title, children, actions }: InfoHeroProps) {
  return (
    <Box
      component="section"
      pt={{ base: 60 + 40, sm: 60 + 72 }}
      pb={{ base: 48, sm: 72 }}
      // The hero's colour is the page's prop, spelled into Mantine's palette variables.
      style={{
        background: `radial-gradient(ellipse at top, var(--mantine-color-${color}-1) 0%, transparent 60%), linear-gradient(180deg, var(--mantine-color-${color}-0) 0%, var(--mantine-color-white) 100%)`,
      }}
    >
      <Container size="md">
        <Stack align="center" ta="center" gap="md">
          {eyebrow ? (
            <Badge color={color} variant="light" size="lg" radius="sm">
              {eyebrow}
            </Badge>
          ) : null}
          <Title order={1} fz={{ base: 32, sm: 48 }} lh={1.15} maw={760}>
            {title}
          </Title>
          {children ? (
            <Text size="lg" c="dimmed" maw={640}>
              {children}
            </Text>
          ) : null}
          {actions ? (
            <Group justify="center" gap="sm" mt="xs">
              {actions}
            </Group>
          ) : null}
        </Stack>
      </Container>
    </Box>
  );
}

/** A titled band of an info page. */
export function InfoSection({
  title,
  description,
  children,
  tinted,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <Box component="section" py={{ base: 40, sm: 64 }} bg={tinted ? 'gray.0' : undefined}>
      <Container size="lg">
        <Stack align="center" ta="center" gap="xs" mb="xl">
          <Title order={2} fz={{ base: 24, sm: 32 }}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" maw={640}>
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
