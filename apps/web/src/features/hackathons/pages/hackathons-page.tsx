import { HACKATHON_PHASES, type Hackathon, type HackathonTab, MSG } from '@agora/shared';
import {
  Button,
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
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { NetworkError } from '../../../lib/api-client';
import { getAuth, useAuth } from '../../../lib/auth-store';
import { useProgressiveList } from '../../../lib/use-progressive-list';
import { useHackathonList } from '../api/list-hackathons';
import { readHackathonTab } from '../api/prefetch';
import { useJoinHackathon } from '../api/registration';
import { HackathonCard } from '../components/hackathon-card';

const TAB_LABELS: Record<HackathonTab, string> = { open: 'Open Now', upcoming: 'Upcoming', past: 'Past' };
const EMPTY: Record<HackathonTab, string> = {
  open: MSG.hackathonsEmptyOpen,
  upcoming: MSG.hackathonsEmptyUpcoming,
  past: MSG.hackathonsEmptyPast,
};
/** spec 03 §9: after a successful join, the hackathon page opens 1.5 seconds later. */
const REDIRECT_AFTER_JOIN_MS = 1500;
const NO_ITEMS: Hackathon[] = [];

/** /hackathons — tabs Open Now (default), Upcoming, Past. */
export function HackathonsPage() {
  const [params, setParams] = useSearchParams();
  const tab = readHackathonTab(params.get('tab'));
  const { isLoggedIn } = useAuth();

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1}>Hackathons</Title>
          <Text c="dimmed">Build, compete, win.</Text>
        </Stack>
        <Group gap="xs">
          {isLoggedIn ? (
            <Button variant="default" component={Link} to="/my-hackathons">
              My Hackathons
            </Button>
          ) : null}
          <Button leftSection={<IconPlus size={16} />} component={Link} to="/conduct-hackathon">
            Conduct a Hackathon
          </Button>
        </Group>
      </Group>
      <Tabs
        value={tab}
        onChange={(v) => {
          const next = new URLSearchParams(params);
          if (!v || v === 'open') next.delete('tab');
          else next.set('tab', v);
          setParams(next, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          {HACKATHON_PHASES.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {TAB_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {HACKATHON_PHASES.map((t) => (
          <Tabs.Panel key={t} value={t}>
            <HackathonTabPanel tab={t} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}

function HackathonTabPanel({ tab }: { tab: HackathonTab }) {
  const query = useHackathonList(tab);
  const join = useJoinHackathon();
  const navigate = useNavigate();
  const [joiningId, setJoiningId] = useState<string | null>(null);
  const [joined, setJoined] = useState<Set<string>>(() => new Set());
  const [now, setNow] = useState(() => Date.now());
  const timer = useRef<number | null>(null);
  // The cards are drawn in a deferred render (a slow phone's main thread: lib/use-progressive-list).
  const loaded = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? NO_ITEMS, [query.data]);
  const { items, drawing } = useProgressiveList(loaded);
  useEffect(() => {
    // Labels depend on the clock (the 1-hour cut-off), so re-evaluate them every 30 seconds.
    const id = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      window.clearInterval(id);
      if (timer.current) window.clearTimeout(timer.current);
    };
  }, []);

  if (query.isPending || drawing) {
    return (
      <Center py="xl" role="status">
        <Loader aria-label="Loading hackathons" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        icon={<IconAlertTriangle size={28} />}
        title={MSG.hackathonsLoadErrorTitle}
        description={
          query.error instanceof NetworkError ? MSG.hackathonsFetchNetwork : MSG.hackathonsFetchFailed
        }
        action={
          <Button mt="sm" onClick={() => window.location.reload()}>
            Try Again
          </Button>
        }
      />
    );
  }

  if (loaded.length === 0) return <EmptyState title={EMPTY[tab]} />;

  const onJoin = (h: Hackathon) => {
    // spec 03 §4: without a token, joining goes to /login.
    if (!getAuth().token) {
      navigate('/login');
      return;
    }
    setJoiningId(h._id);
    join.mutate(h._id, {
      onSuccess: () => {
        setJoined((s) => new Set(s).add(h._id));
        timer.current = window.setTimeout(() => navigate(`/hackathon/${h._id}`), REDIRECT_AFTER_JOIN_MS);
      },
      onSettled: () => setJoiningId(null),
    });
  };

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {items.map((h) => (
          <HackathonCard
            key={h._id}
            hackathon={h}
            tab={tab}
            registered={h.isRegistered || joined.has(h._id)}
            busy={joiningId === h._id}
            now={now}
            onJoin={onJoin}
            onView={(x) => navigate(`/hackathon/${x._id}`)}
          />
        ))}
      </SimpleGrid>
      {query.hasNextPage ? (
        <Center>
          <Button variant="default" loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
            Load more
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
