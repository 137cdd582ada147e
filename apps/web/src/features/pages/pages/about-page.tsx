import {
  Anchor,
  Card,
  Container,
  Group,
  type MantineColor,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconBriefcase,
  IconBulb,
  IconMessageQuestion,
  IconTrophy,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const PORTALS: { title: string; to: string; color: MantineColor; icon: ReactNode; text: string }[] = [
  {
    title: 'Inquiry Space',
    to: '/questions',
    color: 'teal',
    icon: <IconMessageQuestion size={26} />,
    text: 'Paid questions and answers. Askers set a reward, AI ranks the answers, and the best answerers get paid.',
  },
  {
    title: 'Innovators Space',
    to: '/ideas',
    color: 'grape',
    icon: <IconBulb size={26} />,
    text: 'A home for ideas: publish, like, comment, follow the innovators you believe in and build together.',
  },
  {
    title: 'Hackathons',
    to: '/hackathons',
    color: 'green',
    icon: <IconTrophy size={26} />,
    text: 'Join hackathons that are open or coming up, submit projects, or organise your own event.',
  },
  {
    title: 'Jobs Hub',
    to: '/jobhubs',
    color: 'orange',
    icon: <IconBriefcase size={26} />,
    text: 'Jobs across engineering, product, design and more, with filters that find the right fit fast.',
  },
];

/** spec 03 §2 /about: the four portal cards. */
export function AboutPage() {
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Stack gap="sm" maw={760} mb={40}>
        <Title order={1}>About Agora</Title>
        <Text size="lg">
          The ancient agora was the square where a city met to trade, argue and decide. We are building the
          same thing for people who make things: one place to ask and answer, to share ideas, to build at
          hackathons and to find work.
        </Text>
        <Text c="dimmed">
          Good questions deserve good answers, and good answers deserve to be paid. Ideas deserve an audience
          before they deserve funding. And the people you meet while solving problems together are the ones
          you will want to work with next. Agora connects those moments under one account.
        </Text>
      </Stack>

      <Title order={2} size="h3" mb="md">
        Our portals
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {PORTALS.map((p) => (
          <Card key={p.title} component={Link} to={p.to} withBorder radius="lg" padding="lg" shadow="sm">
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={48} radius="md" color={p.color} variant="light" aria-hidden>
                {p.icon}
              </ThemeIcon>
              <div>
                <Title order={3} size="h4">
                  {p.title}
                </Title>
                <Text size="sm" c="dimmed" mt={4}>
                  {p.text}
                </Text>
                <Group gap={4} mt="sm" c={`${p.color}.9`} fw={600} fz="sm">
                  Open {p.title} <IconArrowRight size={16} aria-hidden />
                </Group>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" mt={48}>
        <Stack gap={4}>
          <Title order={2} size="h4">
            What we believe
          </Title>
          <Text size="sm" c="dimmed">
            Expertise has value. Rewards are paid up front and split fairly, and the ranking of answers is
            explained, not hidden.
          </Text>
        </Stack>
        <Stack gap={4}>
          <Title order={2} size="h4">
            How we keep it safe
          </Title>
          <Text size="sm" c="dimmed">
            Hackathons and jobs are reviewed by our team before they go live, and accounts that abuse the
            community are suspended.
          </Text>
        </Stack>
        <Stack gap={4}>
          <Title order={2} size="h4">
            Talk to us
          </Title>
          <Text size="sm" c="dimmed">
            Questions, feedback or partnership ideas? Use the{' '}
            <Anchor component={Link} to="/contact">
              contact form
            </Anchor>{' '}
            — a person reads every message.
          </Text>
        </Stack>
      </SimpleGrid>
    </Container>
  );
}
