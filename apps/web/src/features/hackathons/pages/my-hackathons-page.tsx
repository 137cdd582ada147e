import { type Hackathon, MSG, plural } from '@agora/shared';
import {
  Alert,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconCalendar,
  IconClock,
  IconFileText,
  IconMapPin,
  IconTrophy,
  IconUsers,
} from '@tabler/icons-react';
import { useDocumentTitle } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useMyOrganized, useMyRegistrations } from '../api/my-hackathons';
import { HackathonStatusBadge, PhaseBadge, SubmissionStatusBadge } from '../components/status-badges';
import { truncate150 } from '../lib/card-rules';
import { formatDate, formatRange, locationTypeLabel } from '../lib/format';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm">{children}</Text>
    </Group>
  );
}

function OrganizedCard({ h }: { h: Hackathon }) {
  const subs = h.submissions ?? [];
  return (
    <Card withBorder radius="md" padding="lg" data-testid="organized-card">
      <Stack gap="xs" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {h.title}
          </Text>
          <Group gap={4} wrap="nowrap">
            <PhaseBadge phase={h.phase} />
            <HackathonStatusBadge status={h.status} />
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {truncate150(h.description)}
        </Text>
        {h.status === 'rejected' && h.rejectionReason ? (
          <Alert color="red" p="xs" title="Not approved">
            {h.rejectionReason}
          </Alert>
        ) : null}
        <Group gap="lg">
          <Fact icon={<IconUsers size={16} aria-hidden />}>{plural(h.participantCount, 'participant')}</Fact>
          <Fact icon={<IconFileText size={16} aria-hidden />}>{plural(h.submissionCount, 'submission')}</Fact>
        </Group>
        <Fact icon={<IconTrophy size={16} aria-hidden />}>Prize pool: {h.prizes.prizePool || 'TBD'}</Fact>
        <Fact icon={<IconCalendar size={16} aria-hidden />}>
          {formatRange(h.eventDetails.startDate, h.eventDetails.endDate)}
        </Fact>
        <Fact icon={<IconClock size={16} aria-hidden />}>
          {h.eventDetails.duration ?? 'Duration not set'}
        </Fact>
        <Fact icon={<IconMapPin size={16} aria-hidden />}>
          {locationTypeLabel(h.eventDetails.locationType)}
          {h.eventDetails.location ? ` · ${h.eventDetails.location}` : ''}
        </Fact>
        {subs.length ? (
          <Stack gap={4} mt={4}>
            <Text size="sm" fw={600}>
              Submissions
            </Text>
            {subs.map((s) => (
              <Group key={s._id} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate>
                  {s.projectTitle}{' '}
                  <Text span c="dimmed">
                    · {s.teamName}
                  </Text>
                </Text>
                <SubmissionStatusBadge status={s.status} />
              </Group>
            ))}
            {h.submissionCount > subs.length ? (
              <Text size="xs" c="dimmed">
                and {h.submissionCount - subs.length} more on the hackathon page
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
      <Group mt="md" gap="sm">
        <Button component={Link} to={`/hackathon/${h._id}`}>
          View Hackathon
        </Button>
        {/* Pending or rejected: the organiser form, filled in (an edit resubmits it for review).
            Published: its page, where the organiser sees participants and marks the winners. */}
        <Button
          variant="default"
          component={Link}
          to={h.status === 'published' ? `/hackathon/${h._id}` : `/conduct-hackathon?edit=${h._id}`}
          aria-label={`Manage ${h.title}`}
        >
          Manage
        </Button>
      </Group>
    </Card>
  );
}

function ParticipatedCard({ h }: { h: Hackathon }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="participated-card">
      <Stack gap="xs" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {h.title}
          </Text>
          <PhaseBadge phase={h.phase} />
        </Group>
        <Text size="sm" c="dimmed">
          {truncate150(h.description)}
        </Text>
        <Fact icon={<IconCalendar size={16} aria-hidden />}>
          Starts {formatDate(h.eventDetails.startDate)}
        </Fact>
        <Fact icon={<IconUsers size={16} aria-hidden />}>{plural(h.participantCount, 'participant')}</Fact>
        {/* The server sends the team's submission to every member, whoever of them sent it. */}
        {h.submissions?.[0] ? (
          <Stack gap={2} data-testid="team-submission">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} truncate>
                {h.submissions[0].projectTitle}
              </Text>
              <SubmissionStatusBadge status={h.submissions[0].status} />
            </Group>
            <Text size="xs" c="dimmed">
              {h.submissions[0].teamName}
              {h.submissions[0].teamMembers.length > 1
                ? ` · ${h.submissions[0].teamMembers.map((m) => m.userDisplayName).join(', ')}`
                : ''}
            </Text>
          </Stack>
        ) : null}
      </Stack>
      <Button mt="md" component={Link} to={`/hackathon/${h._id}`}>
        View Details &amp; Submit
      </Button>
    </Card>
  );
}

function Loading() {
  return (
    <Center py="xl" role="status">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** /my-hackathons — Organized and Participated (spec 03 §2); requires a token. */
export function MyHackathonsPage() {
  const organized = useMyOrganized();
  const participated = useMyRegistrations();
  const [chosenTab, setChosenTab] = useState<string | null>(null);
  useDocumentTitle('My Hackathons — Agora');

  const organizedItems = organized.data?.pages.flatMap((p) => p.items) ?? [];
  const participatedItems = participated.data?.pages.flatMap((p) => p.items) ?? [];
  const organizedCount = organized.data?.pages[0]?.total ?? 0;
  const participatedCount = participated.data?.pages[0]?.total ?? 0;

  return (
    <Container size="lg" py="xl">
      <Button
        variant="subtle"
        component={Link}
        to="/profile"
        leftSection={<IconArrowLeft size={16} />}
        mb="sm"
        px={0}
      >
        Back to Profile
      </Button>
      <Title order={1} mb="lg">
        My Hackathons
      </Title>
      {/* Opens on the tab that has content: Participated for someone who only joined. */}
      <Tabs
        value={chosenTab ?? (organizedCount === 0 && participatedCount > 0 ? 'participated' : 'organized')}
        onChange={setChosenTab}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="organized">Organized ({organizedCount})</Tabs.Tab>
          <Tabs.Tab value="participated">Participated ({participatedCount})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="organized">
          {organized.isPending ? (
            <Loading />
          ) : organizedItems.length === 0 ? (
            <EmptyState
              title={MSG.noOrganizedHackathons}
              action={
                <Button mt="sm" component={Link} to="/conduct-hackathon">
                  Create Your First Hackathon
                </Button>
              }
            />
          ) : (
            <Stack gap="lg">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                {organizedItems.map((h) => (
                  <OrganizedCard key={h._id} h={h} />
                ))}
              </SimpleGrid>
              {organized.hasNextPage ? (
                <Center>
                  <Button
                    variant="default"
                    loading={organized.isFetchingNextPage}
                    onClick={() => organized.fetchNextPage()}
                  >
                    Load more
                  </Button>
                </Center>
              ) : null}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="participated">
          {participated.isPending ? (
            <Loading />
          ) : participatedItems.length === 0 ? (
            <EmptyState
              title={MSG.noParticipatedHackathons}
              action={
                <Button mt="sm" component={Link} to="/hackathons">
                  Browse Hackathons
                </Button>
              }
            />
          ) : (
            <Stack gap="lg">
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
                {participatedItems.map((h) => (
                  <ParticipatedCard key={h._id} h={h} />
                ))}
              </SimpleGrid>
              {participated.hasNextPage ? (
                <Center>
                  <Button
                    variant="default"
                    loading={participated.isFetchingNextPage}
                    onClick={() => participated.fetchNextPage()}
                  >
                    Load more
                  </Button>
                </Center>
              ) : null}
            </Stack>
          )}
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
