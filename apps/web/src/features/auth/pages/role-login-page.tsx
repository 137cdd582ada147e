import {
  Button,
  Card,
  Container,
  List,
  type MantineColor,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconMessageQuestion, IconSchool, IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface RoleCard {
  role: 'admin' | 'questioner' | 'answerer';
  title: string;
  color: MantineColor;
  icon: ReactNode;
  text: string;
  features: string[];
  canSignUp: boolean;
}

/** spec 01 §1: the portal chooser's Admin, Questioner and Answerer cards. */
const CARDS: RoleCard[] = [
  {
    role: 'admin',
    title: 'Admin',
    color: 'indigo',
    icon: <IconShieldLock size={28} />,
    text: 'Full access to manage users, questions and ideas.',
    features: ['User management', 'Question moderation', 'Idea management', 'System analytics'],
    canSignUp: false,
  },
  {
    role: 'questioner',
    title: 'Questioner',
    color: 'teal',
    icon: <IconMessageQuestion size={28} />,
    text: 'Ask questions and get expert answers from the community.',
    features: ['Ask questions', 'Track answers', 'Accept solutions', 'View your history'],
    canSignUp: true,
  },
  {
    role: 'answerer',
    title: 'Answerer',
    color: 'blue',
    icon: <IconSchool size={28} />,
    text: 'Share what you know and get rewarded for it.',
    features: ['Browse and answer questions', 'Help the community', 'Build your reputation'],
    canSignUp: true,
  },
];

/** /role-login: each card leads to login or sign-up carrying the chosen role. */
export function RoleLoginPage() {
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Stack align="center" ta="center" gap="xs" mb={40}>
        <Title order={1}>How will you use Agora?</Title>
        <Text c="dimmed" maw={560}>
          Choose a role to continue. You can ask and answer with any account; the role shapes what you see
          first.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {CARDS.map((c) => (
          <Card key={c.role} withBorder radius="lg" padding="xl" shadow="sm" data-testid={`role-${c.role}`}>
            <ThemeIcon size={56} radius="md" color={c.color} variant="light" aria-hidden>
              {c.icon}
            </ThemeIcon>
            <Title order={2} size="h3" mt="md">
              {c.title}
            </Title>
            <Text c="dimmed" mt={4}>
              {c.text}
            </Text>
            <List
              mt="md"
              spacing={6}
              size="sm"
              flex={1}
              icon={
                <ThemeIcon size={18} radius="xl" color={c.color} aria-hidden>
                  <IconCheck size={12} />
                </ThemeIcon>
              }
            >
              {c.features.map((f) => (
                <List.Item key={f}>{f}</List.Item>
              ))}
            </List>
            <Stack gap="xs" mt="lg">
              <Button
                component={Link}
                to={`/login?role=${c.role}`}
                color={c.color}
                aria-label={`Login as ${c.title}`}
              >
                Login
              </Button>
              {c.canSignUp ? (
                <Button
                  component={Link}
                  to={`/signup?role=${c.role}`}
                  variant="default"
                  aria-label={`Sign up as ${c.title}`}
                >
                  Sign Up
                </Button>
              ) : null}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
