import type { Overview, OverviewAlert } from '@agora/shared';
import {
  Alert,
  Anchor,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useOverview } from '../api/get-overview';
import { rupees } from '../../../lib/money';
import { lastDays } from '../lib/range';

// Charts (recharts) are a large chunk: fetched only when the overview is shown.
const OverviewCharts = lazy(() => import('../components/overview-charts'));

const RANGES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
];

function Stat({ label, value, hint, to }: { label: string; value: string; hint?: string; to?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.3}>
        {to ? (
          <Anchor component={Link} to={to} inherit underline="hover">
            {value}
          </Anchor>
        ) : (
          value
        )}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

const ALERT_TITLES: Record<OverviewAlert['code'], string> = {
  UPLOADS_SITE_CAP: 'Many uploads are waiting to be used',
};

/** What needs an admin's eye now: the server's sentence under a short title. */
function Alerts({ alerts }: { alerts: OverviewAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <Stack gap="xs">
      {alerts.map((a) => (
        <Alert key={a.code} color="orange" variant="light" title={ALERT_TITLES[a.code] ?? 'Needs attention'}>
          {a.message}
        </Alert>
      ))}
    </Stack>
  );
}

function Stats({ o }: { o: Overview }) {
  const n = (v: number) => v.toLocaleString('en-IN');
  const r = o.rangeTotals;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Stat
          label="Hackathons to review"
          value={n(o.totals.pendingHackathons)}
          to="/admin-portal/hackathons"
        />
        <Stat label="Jobs to review" value={n(o.totals.pendingJobs)} to="/admin-portal/jobs" />
        <Stat
          label="Withdrawals to pay"
          value={n(o.totals.pendingWithdrawals)}
          to="/admin-portal/withdrawals"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Stat label="Users" value={n(o.totals.users)} hint={`+${n(r.signups)} in range`} />
        <Stat label="Questions" value={n(o.totals.questions)} hint={`+${n(r.questions)} in range`} />
        <Stat label="Answers" value={n(o.totals.answers)} hint={`+${n(r.answers)} in range`} />
        <Stat label="Ideas" value={n(o.totals.ideas)} hint={`+${n(r.ideas)} in range`} />
        <Stat label="Jobs posted" value={n(o.totals.jobsPosted)} hint={`+${n(r.jobsPosted)} in range`} />
        <Stat
          label="Paid for questions"
          value={rupees(o.totals.paidAmount)}
          hint={`${rupees(r.paidAmount)} in range`}
        />
        <Stat
          label="Rewards distributed"
          value={rupees(o.totals.rewardsDistributed)}
          hint={`${rupees(r.rewardsDistributed)} in range`}
        />
        <Stat
          label="Withdrawals requested"
          value={rupees(o.totals.withdrawals)}
          hint={`${rupees(r.withdrawals)} in range`}
        />
        <Stat
          label="Hackathon registrations"
          value={n(o.totals.hackathonRegistrations)}
          hint={`+${n(r.hackathonRegistrations)} in range`}
        />
        <Stat
          label="Mail queue"
          value={`${n(o.totals.mailPending)} waiting`}
          hint={o.totals.mailFailed > 0 ? `${n(o.totals.mailFailed)} failed — see Settings` : 'none failed'}
          to={o.totals.mailFailed > 0 ? '/admin-portal/settings' : undefined}
        />
      </SimpleGrid>
    </>
  );
}

export function OverviewPage() {
  const [days, setDays] = useState('30');
  const { from, to } = lastDays(Number(days));
  const { data, error, isLoading } = useOverview(from, to);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          Overview
        </Title>
        <SegmentedControl value={days} onChange={setDays} data={RANGES} size="xs" aria-label="Range" />
      </Group>
      {error ? (
        <Alert color="red" variant="light" title="Could not load the overview">
          {errorMessage(error, 'Please try again.')}
        </Alert>
      ) : null}
      {isLoading || !data ? (
        error ? null : (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        )
      ) : (
        <>
          <Alerts alerts={data.alerts ?? []} />
          <Stats o={data} />
          <Text size="xs" c="dimmed">
            Daily figures from {data.from} to {data.to} (UTC days).
          </Text>
          <Suspense fallback={<Skeleton h={280} radius="md" />}>
            <OverviewCharts overview={data} />
          </Suspense>
        </>
      )}
    </Stack>
  );
}
