import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconBell,
  IconCalendar,
  IconCheck,
  IconDeviceTv,
  IconMessages,
  IconPresentation,
  IconSchool,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { FeatureCard } from '../components/feature-card';
import { InfoHero } from '../components/info-hero';
import u from '../../../components/utilities.module.css';

const PLANNED = [
  'Event registration system',
  'Calendar integration',
  'Live streaming support',
  'Event notifications',
  'Community discussions',
];

/** spec 03 §2 /events-portal-info: a coming-soon page. */
export function EventsPortalInfoPage() {
  return (
    <>
      <InfoHero color="indigo" eyebrow="Coming Soon!" title="Events Portal">
        Workshops, webinars and meetups from the Agora community, all in one place.
      </InfoHero>
      <Container size="lg" pb={{ base: 48, sm: 80 }}>
        <Alert color="indigo" variant="light" title="Coming Soon!" icon={<IconCalendar size={20} />} mb="xl">
          We are building the Events portal right now. Until it opens, hackathons are the place to meet the
          community.
        </Alert>

        <Title order={2} size="h3" mb="md">
          What to expect
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mb="xl">
          <FeatureCard color="indigo" icon={<IconPresentation size={24} />} title="Workshops">
            Hands-on sessions where you learn by building, led by practitioners.
          </FeatureCard>
          <FeatureCard color="indigo" icon={<IconDeviceTv size={24} />} title="Webinars">
            Talks and panels you can join from anywhere, live or later.
          </FeatureCard>
          <FeatureCard color="indigo" icon={<IconUsers size={24} />} title="Networking events">
            Meet innovators, answerers, organisers and hiring teams from the community.
          </FeatureCard>
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder radius="lg" padding="lg">
            <Title order={2} size="h4" mb="sm">
              Planned features
            </Title>
            <List
              spacing="xs"
              icon={
                <ThemeIcon size={20} radius="xl" color="indigo" aria-hidden>
                  <IconCheck size={14} />
                </ThemeIcon>
              }
            >
              {PLANNED.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Card>
          <Card withBorder radius="lg" padding="lg">
            <Title order={2} size="h4" mb="sm">
              Why join
            </Title>
            <Stack gap="sm">
              <Text>
                <IconSchool size={18} aria-hidden className={u.iconInline} /> <b>Learn and grow</b> — new
                skills from people who use them every day.
              </Text>
              <Text>
                <IconMessages size={18} aria-hidden className={u.iconInline} /> <b>Network</b> — meet
                collaborators, mentors and future colleagues.
              </Text>
              <Text>
                <IconBell size={18} aria-hidden className={u.iconInline} /> <b>Stay updated</b> — hear about
                trends and opportunities first.
              </Text>
            </Stack>
          </Card>
        </SimpleGrid>

        <Stack align="center" mt={48} gap="sm">
          <Button size="md" disabled>
            Coming Soon
          </Button>
          <Anchor component={Link} to="/portals" fw={600}>
            <IconArrowLeft size={16} aria-hidden className={u.iconInline} /> Back to Portals
          </Anchor>
        </Stack>
      </Container>
    </>
  );
}
