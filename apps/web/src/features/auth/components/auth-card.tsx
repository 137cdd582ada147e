import { Anchor, Card, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The centred card around the login and sign-up forms. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Center px={{ base: 'xs', xs: 'md' }} py={{ base: 24, sm: 64 }}>
      <Card withBorder radius="lg" p={{ base: 'md', xs: 'xl' }} shadow="sm" w="100%" maw={440}>
        <Stack gap={4} mb="lg">
          <Title order={1} size="h2">
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
        {children}
        <Text size="xs" c="dimmed" mt="lg" ta="center">
          By continuing you agree to our{' '}
          <Anchor component={Link} to="/terms" size="xs">
            Terms of Service
          </Anchor>
          .
        </Text>
      </Card>
    </Center>
  );
}
