import {
  Anchor,
  Box,
  Card,
  Container,
  Group,
  type MantineColor,
  SimpleGrid,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconBulb,
  IconBriefcase,
  IconCalendarEvent,
  IconMessageQuestion,
  IconTrophy,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { InfoHero } from '../components/info-hero';

interface Tile {
  title: string;
  to: string;
  color: MantineColor;
  icon: ReactNode;
  text: string;
}

/** spec 03 §2: four tiles, each to its portal's info page. */
const TILES: Tile[] = [
  {
    title: 'Inquiry Space',
    to: '/question-portal-info',
    color: 'teal',
    icon: <IconMessageQuestion size={28} />,
    text: 'Ask with a reward, get answers ranked by AI, and pay the people who helped. Answerers earn for what they know.',
  },
  {
    title: 'Innovators Space',
    to: '/ideas-portal-info',
    color: 'grape',
    icon: <IconBulb size={28} />,
    text: 'Share ideas for startups, products and the future. Collect likes and comments, and follow the innovators you admire.',
  },
  {
    title: 'Hackathons',
    to: '/hackathon-portal-info',
    color: 'green',
    icon: <IconTrophy size={28} />,
    text: 'Build, compete, win. Join open and upcoming hackathons, submit your project, or organise one of your own.',
  },
  {
    title: 'Jobs Hub',
    to: '/jobhubs-portal-info',
    color: 'orange',
    icon: <IconBriefcase size={28} />,
    text: 'Find roles matched to your skills, apply in one step, get alerts and referrals, or post a job for the community.',
  },
];

/** Portal landing (/ and /portals). */
export function LandingPage() {
  return (
    <>
      <InfoHero color="blue" title="Where Ideas, People & Innovation Connect">
        Four portals, one account: ask and answer paid questions, share ideas that deserve a future, build at
        hackathons and find your next role.
      </InfoHero>
      <Container size="lg" pb={{ base: 48, sm: 80 }} mt={-24}>
        <Title order={2} className="visually-hidden">
          Choose a portal
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {TILES.map((t) => (
            <Card
              key={t.title}
              component={Link}
              to={t.to}
              withBorder
              radius="lg"
              padding="lg"
              shadow="sm"
              // Each tile's accent colour is its data.
              style={{ borderTop: `4px solid var(--mantine-color-${t.color}-6)` }}
            >
              <ThemeIcon size={52} radius="md" color={t.color} variant="light" aria-hidden>
                {t.icon}
              </ThemeIcon>
              <Title order={3} size="h4" mt="md">
                {t.title}
              </Title>
              <Text size="sm" c="dimmed" mt={6} flex={1}>
                {t.text}
              </Text>
              <Group gap={4} mt="md" c={`${t.color}.9`} fw={600} fz="sm">
                Explore <IconArrowRight size={16} aria-hidden />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
        <Box mt="xl" ta="center">
          <Group justify="center" gap={6}>
            <IconCalendarEvent size={18} aria-hidden />
            <Text size="sm" c="dimmed">
              An Events portal for workshops, webinars and meetups is on its way.{' '}
              <Anchor component={Link} to="/events-portal-info" fw={600}>
                See what's coming
              </Anchor>
            </Text>
          </Group>
          <Text size="sm" c="dimmed" mt="xs">
            Joining as a questioner or an answerer?{' '}
            <Anchor component={Link} to="/role-login" fw={600}>
              Choose your role
            </Anchor>
          </Text>
        </Box>
      </Container>
    </>
  );
}
