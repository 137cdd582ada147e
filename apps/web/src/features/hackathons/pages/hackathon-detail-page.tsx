import { type Hackathon, MSG } from '@agora/shared';
import { Button, Center, Container, Grid, Loader, Stack, Tabs } from '@mantine/core';
import { IconArrowLeft, IconCalendarPlus, IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useAuth } from '../../../lib/auth-store';
import { useHackathon, useRefreshAtPhaseBoundaries } from '../api/get-hackathon';
import { Countdown } from '../components/countdown';
import { DetailFacts, DetailHeader } from '../components/detail-header';
import { DetailNotices } from '../components/detail-notices';
import { DetailOverview } from '../components/detail-overview';
import { JudgeLink } from '../components/judging/judge-link';

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
  // The notices, the form and the badges follow the server's phase and registration window.
  useRefreshAtPhaseBoundaries(h, clockOffsetMs);
  const canManage = h.isOrganizer || user?.role === 'admin';
  const beforeStart = Date.now() + clockOffsetMs < Date.parse(h.eventDetails.startDate);
  // A participant receives only their team's submission (whoever of them sent it), or their own.
  const ownSubmission = !canManage ? h.submissions?.[0] : undefined;
  const [params, setParams] = useSearchParams();
  // Teams and judging exist once the hackathon is live; before that the page is its overview.
  const tabs = h.status === 'published' ? ['overview', 'teams', ...(canManage ? ['judging'] : [])] : [];
  const tab = tabs.includes(params.get('tab') ?? '') ? params.get('tab')! : 'overview';
  const published = h.resultsPublishedAt !== null;

  return (
    <Container size="lg" py="lg">
      <DetailHeader hackathon={h} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Tabs
            value={tab}
            onChange={(v) => setParams(v && v !== 'overview' ? { tab: v } : {}, { replace: true })}
            keepMounted={false}
          >
            <Stack gap="lg">
              <DetailFacts hackathon={h} />
              {h.status === 'published' ? (
                <Tabs.List>
                  <Tabs.Tab value="overview">Overview</Tabs.Tab>
                  <Tabs.Tab value="teams">Teams</Tabs.Tab>
                  {canManage ? <Tabs.Tab value="judging">Judging</Tabs.Tab> : null}
                </Tabs.List>
              ) : null}
              <Tabs.Panel value="overview">
                <DetailOverview hackathon={h} canManage={canManage} ownSubmission={ownSubmission} />
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
            <DetailNotices hackathon={h} canManage={canManage} beforeStart={beforeStart} />
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
