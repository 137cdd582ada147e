import { type Hackathon, MSG } from '@agora/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconCalendar,
  IconCalendarPlus,
  IconCircleCheck,
  IconClock,
  IconInfoCircle,
  IconLock,
  IconMapPin,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { setRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import { useHackathon } from '../api/get-hackathon';
import { hackathonKeys } from '../api/keys';
import { useLeaveHackathon } from '../api/registration';
import { Countdown } from '../components/countdown';
import { HackathonImage } from '../components/hackathon-image';
import { JudgeLink } from '../components/judging/judge-link';
import { OrganizerSections } from '../components/organizer-sections';
import { ProjectSubmissionForm } from '../components/project-submission-form';
import { LegacyResults, Section, Tile } from '../components/detail-sections';
import { CriteriaCard } from '../components/results/criteria-card';
import { PeoplesChoice } from '../components/results/peoples-choice';
import { PublishedResults } from '../components/results/published-results';
import { HackathonStatusBadge, PhaseBadge } from '../components/status-badges';
import { SubmissionItem } from '../components/submission-item';
import { formatDateTime, locationTypeLabel } from '../lib/format';
import { escrowLabel } from '../lib/prize';
import { useBoundaryRefresh } from '../lib/use-boundary-refresh';

// The Teams and Judging tabs load when opened: most visits read the overview only.
const TeamsTab = lazy(async () => ({ default: (await import('../components/teams/teams-tab')).TeamsTab }));
const OrganiserJudging = lazy(async () => ({
  default: (await import('../components/judging/organiser-judging')).OrganiserJudging,
}));

function TabLoading() {
  return (
    <Center py="lg" role="status">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}

/** /hackathon/:id */
export function HackathonDetailPage() {
  const { id = '' } = useParams();
  const query = useHackathon(id);

  if (query.isPending) {
    return (
      <Center mih="50vh" role="status">
        <Loader aria-label="Loading hackathon" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Container size="sm" py="xl">
        <EmptyState
          icon={<IconInfoCircle size={28} />}
          title={MSG.hackathonNotFound}
          description="It may have been removed, or it is not published yet."
          action={
            <Button mt="sm" component={Link} to="/hackathons" leftSection={<IconArrowLeft size={16} />}>
              Back to Hackathons
            </Button>
          }
        />
      </Container>
    );
  }
  return <HackathonDetail hackathon={query.data} clockOffsetMs={query.data.clockOffsetMs} />;
}

function HackathonDetail({ hackathon: h, clockOffsetMs }: { hackathon: Hackathon; clockOffsetMs: number }) {
  const { isLoggedIn, user } = useAuth();
  const leave = useLeaveHackathon();
  const queryClient = useQueryClient();
  // The notices, the form and the badges follow the server's phase and registration window: ask
  // again when the clock crosses the registration deadline, the start or the end.
  useBoundaryRefresh(
    [h.registrationDeadline, h.eventDetails.startDate, h.eventDetails.endDate],
    clockOffsetMs,
    () => queryClient.invalidateQueries({ queryKey: hackathonKeys.all }),
  );
  const canManage = h.isOrganizer || user?.role === 'admin';
  const running = h.phase === 'open';
  const now = Date.now() + clockOffsetMs;
  const beforeStart = now < Date.parse(h.eventDetails.startDate);
  // A participant receives only their team's submission (whoever of them sent it), or their own.
  const ownSubmission = !canManage ? h.submissions?.[0] : undefined;
  const [params, setParams] = useSearchParams();
  // Teams and judging exist once the hackathon is live; before that the page is its overview.
  const tabs = h.status === 'published' ? ['overview', 'teams', ...(canManage ? ['judging'] : [])] : [];
  const tab = tabs.includes(params.get('tab') ?? '') ? params.get('tab')! : 'overview';
  const published = h.resultsPublishedAt !== null;
  const escrow = escrowLabel(h);

  const notices: ReactNode[] = [];
  if (h.status === 'pending' && canManage) {
    notices.push(
      <Alert key="pending" color="yellow" title="Awaiting review">
        The admin team reviews new hackathons within 24-48 hours. You will receive an email once it is
        reviewed.
      </Alert>,
    );
  }
  if (h.status === 'rejected' && canManage) {
    notices.push(
      <Alert key="rejected" color="red" title="Not approved">
        {h.rejectionReason ?? 'This hackathon was not approved.'}
      </Alert>,
    );
  }
  if (h.isOrganizer) {
    notices.push(
      <Alert key="organizer" color="blue" icon={<IconUser size={18} />} title="You are the organizer">
        {h.participantCount} {h.participantCount === 1 ? 'participant has' : 'participants have'} registered.
      </Alert>,
    );
  } else {
    if (running && !h.isRegistered) {
      notices.push(
        <Alert key="running" color="orange" icon={<IconInfoCircle size={18} />}>
          {MSG.hackathonRunningNotice}
        </Alert>,
      );
    }
    if (!isLoggedIn && h.status === 'published') {
      notices.push(
        <Alert key="login" color="gray" icon={<IconLock size={18} />} title="Login required">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Log in to join this hackathon and submit a project.</Text>
            <Button
              size="xs"
              component={Link}
              to="/login"
              onClick={() => setRedirectAfterLogin(`/hackathon/${h._id}`)}
            >
              Log In to Join
            </Button>
          </Stack>
        </Alert>,
      );
    }
    if (isLoggedIn && !h.isRegistered && h.registrationOpen) {
      notices.push(
        <Alert key="join" color="green" title="Join this hackathon">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Registration is open. Join from the hackathons list.</Text>
            <Button size="xs" component={Link} to="/hackathons?tab=upcoming">
              Join Now
            </Button>
          </Stack>
        </Alert>,
      );
    }
    if (h.isRegistered) {
      notices.push(
        <Alert key="registered" color="green" icon={<IconCircleCheck size={18} />} title="You are registered">
          {h.registrationOpen ? (
            <Button
              mt={4}
              size="xs"
              variant="outline"
              color="red"
              loading={leave.isPending}
              onClick={() => leave.mutate(h._id)}
            >
              Unregister
            </Button>
          ) : h.phase !== 'past' ? (
            <Text size="sm">{MSG.unregisterClosed}</Text>
          ) : null}
        </Alert>,
      );
    } else if (h.status === 'published' && !h.registrationOpen && h.phase !== 'past') {
      notices.push(
        <Alert key="closed" color="gray" icon={<IconLock size={18} />}>
          {MSG.registrationClosed}
        </Alert>,
      );
    }
  }
  if (beforeStart && h.registrationOpen) {
    notices.push(
      <Text key="closes" size="sm" c="dimmed">
        Registration closes {formatDateTime(h.registrationDeadline)}
      </Text>,
    );
  }

  return (
    <Container size="lg" py="lg">
      <Group mb="sm">
        <ActionIcon
          component={Link}
          to="/hackathons"
          variant="subtle"
          size="lg"
          aria-label="Back to Hackathons"
        >
          <IconArrowLeft />
        </ActionIcon>
        <Text c="dimmed" size="sm">
          Hackathons
        </Text>
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} mb="lg">
        <HackathonImage image={h.image} category={h.category} title={h.title} height={240} />
        <Stack p="lg" gap="xs">
          <Group gap="xs">
            <HackathonStatusBadge status={h.status} />
            <PhaseBadge phase={h.phase} />
            <Badge variant="light" color="gray">
              {h.category}
            </Badge>
          </Group>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {h.title}
          </Title>
          <Group gap="sm">
            {/* The organiser's own wording and case (a Badge uppercases by default). */}
            <Badge
              size="lg"
              color="yellow"
              variant="light"
              tt="none"
              data-testid="prize-pill"
              // A long prize text wraps instead of being cut off at 375 px.
              styles={{
                root: { height: 'auto', maxWidth: '100%' },
                label: { whiteSpace: 'normal', paddingBlock: 4 },
              }}
            >
              Prize pool: {h.prizes.prizePool || 'TBD'}
            </Badge>
            {escrow ? (
              <Badge size="lg" color="green" variant="light" tt="none" data-testid="prize-escrow-pill">
                {escrow}
              </Badge>
            ) : null}
            <Group gap={4}>
              <IconUsers size={16} aria-hidden />
              <Text size="sm">
                {h.participantCount} {h.participantCount === 1 ? 'participant' : 'participants'}
              </Text>
            </Group>
          </Group>
        </Stack>
      </Paper>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Tabs
            value={tab}
            onChange={(v) => setParams(v && v !== 'overview' ? { tab: v } : {}, { replace: true })}
            keepMounted={false}
          >
            <Stack gap="lg">
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <Tile icon={<IconUser size={18} />} label="Organizer">
                  <Text size="sm" fw={600}>
                    {h.organizer.name || 'Unknown'}
                  </Text>
                  {/* Signed-in users only: the server sends no address to visitors. */}
                  {h.organizer.email ? (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {h.organizer.email}
                    </Text>
                  ) : null}
                  {h.organizer.phone ? (
                    <Text size="sm" c="dimmed">
                      {h.organizer.phone}
                    </Text>
                  ) : null}
                </Tile>
                <Tile icon={<IconCalendar size={18} />} label="Dates">
                  <Text size="sm">{formatDateTime(h.eventDetails.startDate)}</Text>
                  <Text size="sm">to {formatDateTime(h.eventDetails.endDate)}</Text>
                </Tile>
                <Tile icon={<IconClock size={18} />} label="Duration">
                  <Text size="sm">{h.eventDetails.duration ?? 'Not specified'}</Text>
                </Tile>
                <Tile icon={<IconMapPin size={18} />} label="Location">
                  <Text size="sm">{locationTypeLabel(h.eventDetails.locationType)}</Text>
                  {h.eventDetails.location ? (
                    <Text size="sm" c="dimmed">
                      {h.eventDetails.location}
                    </Text>
                  ) : null}
                </Tile>
              </SimpleGrid>
              {h.status === 'published' ? (
                <Tabs.List>
                  <Tabs.Tab value="overview">Overview</Tabs.Tab>
                  <Tabs.Tab value="teams">Teams</Tabs.Tab>
                  {canManage ? <Tabs.Tab value="judging">Judging</Tabs.Tab> : null}
                </Tabs.List>
              ) : null}
              <Tabs.Panel value="overview">
                <Stack gap="lg">
                  {published ? (
                    <PublishedResults hackathonId={h._id} />
                  ) : h.phase === 'past' ? (
                    <LegacyResults results={h.results ?? []} />
                  ) : null}
                  {!published && h.status === 'published' && h.phase === 'past' && user ? (
                    <PeoplesChoice hackathonId={h._id} />
                  ) : null}
                  <Section title="About this hackathon">{h.description}</Section>
                  {h.requirements ? <Section title="Requirements">{h.requirements}</Section> : null}
                  {h.criteria.length ? <CriteriaCard criteria={h.criteria} /> : null}
                  {h.prizes.judgingCriteria ? (
                    <Section title="Judging Criteria">{h.prizes.judgingCriteria}</Section>
                  ) : null}
                  {h.additionalInfo ? (
                    <Section title="Additional Information">{h.additionalInfo}</Section>
                  ) : null}
                  {h.tags.length ? (
                    <Group gap={6}>
                      {h.tags.map((t) => (
                        <Badge key={t} variant="outline" color="gray" tt="none">
                          #{t}
                        </Badge>
                      ))}
                    </Group>
                  ) : null}
                  {ownSubmission ? (
                    <Stack gap="xs">
                      <Title order={3}>Your Submission</Title>
                      <SubmissionItem submission={ownSubmission} />
                    </Stack>
                  ) : null}
                  {h.isRegistered && running ? (
                    <ProjectSubmissionForm hackathonId={h._id} submission={ownSubmission} />
                  ) : null}
                  {canManage ? <OrganizerSections hackathon={h} /> : null}
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="teams">
                {tab === 'teams' ? (
                  <Suspense fallback={<TabLoading />}>
                    <TeamsTab hackathon={h} />
                  </Suspense>
                ) : null}
              </Tabs.Panel>
              {canManage ? (
                <Tabs.Panel value="judging">
                  {tab === 'judging' ? (
                    <Suspense fallback={<TabLoading />}>
                      <OrganiserJudging hackathon={h} />
                    </Suspense>
                  ) : null}
                </Tabs.Panel>
              ) : null}
            </Stack>
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="md">
            <Countdown
              startDate={h.eventDetails.startDate}
              endDate={h.eventDetails.endDate}
              clockOffsetMs={clockOffsetMs}
            />
            {notices}
            {isLoggedIn && h.phase === 'past' && !published && !h.isOrganizer ? (
              <JudgeLink hackathonId={h._id} />
            ) : null}
            {h.status === 'published' ? (
              <Button
                component="a"
                href={`/api/hackathons/${h._id}/calendar.ics`}
                download
                variant="default"
                leftSection={<IconCalendarPlus size={16} />}
              >
                Add to calendar
              </Button>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
