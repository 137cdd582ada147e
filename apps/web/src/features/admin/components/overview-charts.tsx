import '@mantine/charts/styles.css';
import { type Overview, overviewPoints } from '@agora/shared';
import { AreaChart, BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { rupeesShort } from '../../../lib/money';

const dayLabel = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="sm">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

/** The overview's daily series (sign-ups, content, money, hackathons and jobs). */
export default function OverviewCharts({ overview }: { overview: Pick<Overview, 'from' | 'series'> }) {
  const data = overviewPoints(overview).map((p) => ({
    ...p,
    day: dayLabel(p.date),
    // Money is charted in whole rupees; the tooltip formats it.
    paidRupees: p.paidAmount / 100,
    rewardsRupees: p.rewardsDistributed / 100,
    withdrawalsRupees: p.withdrawals / 100,
  }));
  const count = (v: number) => v.toLocaleString('en-IN');
  // Dots help on a week; on a month or a year they only add noise.
  const withDots = data.length <= 14;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartCard title="Sign-ups">
        <AreaChart
          h={220}
          data={data}
          dataKey="day"
          series={[{ name: 'signups', label: 'Sign-ups', color: 'blue.6' }]}
          curveType="monotone"
          withDots={withDots}
          valueFormatter={count}
          tickLine="none"
          gridAxis="y"
        />
      </ChartCard>
      <ChartCard title="Questions, answers and ideas">
        <BarChart
          h={220}
          data={data}
          dataKey="day"
          series={[
            { name: 'questions', label: 'Questions', color: 'blue.6' },
            { name: 'answers', label: 'Answers', color: 'teal.6' },
            { name: 'ideas', label: 'Ideas', color: 'grape.6' },
          ]}
          valueFormatter={count}
          withLegend
          tickLine="none"
          gridAxis="y"
        />
      </ChartCard>
      <ChartCard title="Money (₹ per day)">
        <AreaChart
          h={220}
          data={data}
          dataKey="day"
          series={[
            { name: 'paidRupees', label: 'Paid for questions', color: 'green.7' },
            { name: 'rewardsRupees', label: 'Rewards distributed', color: 'blue.6' },
            { name: 'withdrawalsRupees', label: 'Withdrawals requested', color: 'orange.7' },
          ]}
          curveType="monotone"
          withDots={withDots}
          valueFormatter={(v) => rupeesShort(v * 100)}
          withLegend
          tickLine="none"
          gridAxis="y"
        />
      </ChartCard>
      <ChartCard title="Hackathon registrations and jobs posted">
        <BarChart
          h={220}
          data={data}
          dataKey="day"
          series={[
            { name: 'hackathonRegistrations', label: 'Hackathon registrations', color: 'green.7' },
            { name: 'jobsPosted', label: 'Jobs posted', color: 'orange.7' },
          ]}
          valueFormatter={count}
          withLegend
          tickLine="none"
          gridAxis="y"
        />
      </ChartCard>
    </SimpleGrid>
  );
}
