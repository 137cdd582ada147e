import { Button, Card, Container, List, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCode, IconSpeakerphone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { InfoHero } from '../components/info-hero';

function Tile({
  icon,
  title,
  to,
  cta,
  children,
  points,
}: {
  icon: ReactNode;
  title: string;
  to: string;
  cta: string;
  children: ReactNode;
  points: string[];
}) {
  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm" h="100%">
      <ThemeIcon size={56} radius="md" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={2} size="h3" mt="md">
        {title}
      </Title>
      <Text c="dimmed" mt="xs">
        {children}
      </Text>
      <List size="sm" mt="md" spacing={6} flex={1}>
        {points.map((p) => (
          <List.Item key={p}>{p}</List.Item>
        ))}
      </List>
      <Button component={Link} to={to} mt="lg" rightSection={<IconArrowRight size={18} />}>
        {cta}
      </Button>
    </Card>
  );
}

/** spec 03 §2 /hackathon-portal-info: two tiles, Participate and Conduct. */
export function HackathonPortalInfoPage() {
  return (
    <>
      <InfoHero color="green" eyebrow="Hackathons" title="Build, compete, win.">
        Weekend sprints, month-long challenges, online or in person: find a hackathon that fits, bring a team
        and ship something you are proud of — or host one for your community.
      </InfoHero>
      <Container size="md" pb={{ base: 48, sm: 80 }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Tile
            icon={<IconCode size={30} />}
            title="Participate in Hackathons"
            to="/hackathons"
            cta="Browse hackathons"
            points={[
              'See what is open now, upcoming and past',
              'Join until one hour before the start',
              'Submit your project with links and files',
            ]}
          >
            Pick a challenge, register, and submit your project while the event is running.
          </Tile>
          <Tile
            icon={<IconSpeakerphone size={30} />}
            title="Conduct Hackathon"
            to="/conduct-hackathon"
            cta="Organise a hackathon"
            points={[
              'Set dates, duration, location and prizes',
              'Reviewed by our team within 24-48 hours',
              'See every participant and submission',
            ]}
          >
            Host your own event: describe it, set the rules and prizes, and we publish it after a quick
            review.
          </Tile>
        </SimpleGrid>
      </Container>
    </>
  );
}
