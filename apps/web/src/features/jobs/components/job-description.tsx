import type { Job } from '@agora/shared';
import { Anchor, Badge, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RelativeTime } from '../../../components/relative-time';
import { companyLabel } from '../lib/job-display';
import { CompanyLogo } from './company-logo';
import { MatchSummary } from './match-summary';
import classes from './jobs.module.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const Prose = ({ children }: { children: string }) => (
  <Text size="sm" className={classes.prose} lh={1.7}>
    {children}
  </Text>
);

/** The job's heading: logo, title, company (linked to its site), when it was posted, its badges. */
function JobHeading({ job }: { job: Job }) {
  const company = companyLabel(job);
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <CompanyLogo name={company} logo={job.company.logo} size={64} />
      <Stack gap={4} miw={0}>
        <Title order={1} size="h2" className={classes.wrap}>
          {job.title}
        </Title>
        <Group gap="xs" wrap="wrap">
          {job.company.website ? (
            <Anchor href={job.company.website} target="_blank" rel="noopener noreferrer nofollow" fw={600}>
              {company} <IconExternalLink size={14} aria-label="(opens in a new tab)" />
            </Anchor>
          ) : (
            <Text fw={600}>{company}</Text>
          )}
          <Text c="dimmed" size="sm">
            · Posted <RelativeTime date={job.createdAt} />
          </Text>
        </Group>
        <Group gap={6} mt={4}>
          <Badge variant="light">{job.category}</Badge>
          <Badge variant="dot" tt="none">
            {job.employmentType}
          </Badge>
          <Badge variant="dot" color="gray" tt="none">
            {job.level}
          </Badge>
          {job.isRemote ? (
            <Badge color="teal" variant="light">
              Remote
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Group>
  );
}

/** The main column of /job/{id}: the heading, how well it matches the viewer, and the poster's text. */
export function JobDescription({ job }: { job: Job }) {
  return (
    <Stack gap="lg">
      <JobHeading job={job} />

      {job.match ? <MatchSummary match={job.match} detailed /> : null}

      <Divider />

      <Section title="Job Description">
        <Prose>{job.description}</Prose>
      </Section>

      {job.requirements.text ? (
        <Section title="Requirements">
          <Prose>{job.requirements.text}</Prose>
        </Section>
      ) : null}

      {job.skills.length ? (
        <Section title="Skills">
          <Group gap={6} component="ul" className={classes.plainList}>
            {job.skills.map((s) => (
              <Badge component="li" key={s} variant="outline" color="gray" radius="sm" tt="none" size="lg">
                {s}
              </Badge>
            ))}
          </Group>
        </Section>
      ) : null}

      {job.benefits ? (
        <Section title="Benefits">
          <Prose>{job.benefits}</Prose>
        </Section>
      ) : null}
    </Stack>
  );
}
