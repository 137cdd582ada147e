import { Anchor, Badge, Card, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

const ROLES = [
  {
    title: 'Senior Full-Stack Engineer',
    team: 'Engineering',
    place: 'Bengaluru or remote (India)',
    text: 'Own features end to end across our TypeScript stack — React, Fastify and PostgreSQL — from the payment flow of Inquiry Space to the search behind Innovators Space.',
  },
  {
    title: 'Product Designer',
    team: 'Design',
    place: 'Bengaluru or remote (India)',
    text: 'Shape how four portals feel like one product. You will run research with askers, answerers and organisers and turn it into clear, accessible interfaces.',
  },
  {
    title: 'Community & Partnerships Manager',
    team: 'Community',
    place: 'Mumbai or remote (India)',
    text: 'Grow the community of innovators and hackathon organisers, bring companies and colleges on board, and make sure every event we host is worth the weekend.',
  },
];

/** /careers: working at Agora. */
export function CareersPage() {
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Stack gap="sm" maw={760} mb={40}>
        <Title order={1}>Careers at Agora</Title>
        <Text size="lg">
          We are a small team building a place where expertise gets rewarded and ideas get built. If that
          sounds like work you would enjoy, we would like to hear from you.
        </Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" mb={48}>
        <Stack gap={4}>
          <Title order={2} size="h4">
            Small team, real ownership
          </Title>
          <Text size="sm" c="dimmed">
            Everyone ships. You will own problems, not tickets, and see your work in users' hands within days.
          </Text>
        </Stack>
        <Stack gap={4}>
          <Title order={2} size="h4">
            Remote-friendly
          </Title>
          <Text size="sm" c="dimmed">
            Work from our offices or from home anywhere in India, with a few in-person weeks a year to build
            together.
          </Text>
        </Stack>
        <Stack gap={4}>
          <Title order={2} size="h4">
            Growth, paid for
          </Title>
          <Text size="sm" c="dimmed">
            A yearly learning budget, conference tickets, and time to take part in the hackathons we host.
          </Text>
        </Stack>
      </SimpleGrid>

      <Title order={2} size="h3" mb="md">
        Open positions
      </Title>
      <Stack gap="md">
        {ROLES.map((r) => (
          <Card key={r.title} withBorder radius="lg" padding="lg">
            <Group justify="space-between" align="flex-start">
              <Title order={3} size="h4">
                {r.title}
              </Title>
              <Group gap="xs">
                <Badge variant="light">{r.team}</Badge>
                <Badge variant="light" color="gray">
                  {r.place}
                </Badge>
              </Group>
            </Group>
            <Text size="sm" c="dimmed" mt="xs">
              {r.text}
            </Text>
          </Card>
        ))}
      </Stack>

      <Card withBorder radius="lg" padding="lg" mt={40} bg="blue.0">
        <Title order={2} size="h4" mb="xs">
          How to apply
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            Send us a message through the{' '}
            <Anchor component={Link} to="/contact">
              contact page
            </Anchor>{' '}
            with the subject "Careers: role name".
          </List.Item>
          <List.Item>
            Tell us about something you built and why you are proud of it; a link is enough.
          </List.Item>
          <List.Item>We answer every application within a week.</List.Item>
        </List>
      </Card>
    </Container>
  );
}
