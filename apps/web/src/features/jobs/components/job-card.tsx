import type { Job } from '@agora/shared';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/relative-time';
import { cityLabel, companyLabel, extraDetail, skillsPreview } from '../lib/job-display';
import { CompanyLogo } from './company-logo';
import { MatchSummary } from './match-summary';
import classes from './jobs.module.css';

/** spec 03 §2 job card. */
export function JobCard({ job }: { job: Job }) {
  const company = companyLabel(job);
  const { visible, more } = skillsPreview(job.requirements?.skills ?? []);
  const extra = extraDetail(job);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-labelledby={`job-${job._id}-title`}
      h="100%"
    >
      <Stack gap="sm" h="100%">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <CompanyLogo name={company} logo={job.company.logo} size={44} />
          <Stack gap={2} miw={0} flex={1}>
            <Title order={3} size="h4" id={`job-${job._id}-title`} className={classes.wrap}>
              {job.title}
            </Title>
            <Text size="sm" fw={500} c="dimmed" truncate>
              {company}
            </Text>
          </Stack>
          <Badge variant="light" className={classes.noShrink} visibleFrom="xs">
            {job.category}
          </Badge>
        </Group>

        <Group gap="md" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={16} aria-hidden />
            <Text size="sm">{cityLabel(job)}</Text>
            {job.isRemote ? (
              <Badge size="xs" color="teal" variant="light">
                Remote
              </Badge>
            ) : null}
          </Group>
          <Group gap={4} wrap="nowrap">
            <IconClock size={16} aria-hidden />
            <Text size="sm" c="dimmed">
              <RelativeTime date={job.createdAt} />
            </Text>
          </Group>
          <Badge variant="light" hiddenFrom="xs">
            {job.category}
          </Badge>
        </Group>

        {job.match ? <MatchSummary match={job.match} /> : null}

        <Text size="sm" lineClamp={3} c="gray.7">
          {job.description}
        </Text>

        {visible.length ? (
          <Group gap={6} aria-label="Skills">
            {visible.map((s) => (
              <Badge key={s} variant="outline" color="gray" radius="sm" tt="none">
                {s}
              </Badge>
            ))}
            {more > 0 ? (
              <Text size="xs" c="dimmed">
                +{more} more
              </Text>
            ) : null}
          </Group>
        ) : null}

        {/* The button keeps its own column, bottom right, however the details beside it wrap. */}
        <Group justify="space-between" align="flex-end" mt="auto" wrap="nowrap" gap="xs">
          <Group gap={6} miw={0} flex={1}>
            <Badge variant="dot" tt="none">
              {job.employmentType}
            </Badge>
            <Badge variant="dot" color="gray" tt="none">
              {job.level}
            </Badge>
            {extra ? (
              <Text size="sm" fw={500} className={classes.fullRow}>
                {extra}
              </Text>
            ) : null}
          </Group>
          <Button
            component={Link}
            to={`/job/${job._id}`}
            size="sm"
            aria-label={`View details: ${job.title}`}
            className={classes.noShrink}
            data-testid="view-details"
          >
            View Details
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
