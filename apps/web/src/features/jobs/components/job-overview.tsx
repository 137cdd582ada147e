import { type Job, MSG, shortDate } from '@agora/shared';
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBriefcase,
  IconCalendarEvent,
  IconCash,
  IconClock,
  IconMapPin,
  IconSchool,
  IconStairsUp,
  IconTag,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { fullLocation, salaryLabel } from '../lib/job-display';
import classes from './jobs.module.css';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text c="var(--mantine-primary-color-filled)" mt={2} aria-hidden>
        {icon}
      </Text>
      <Stack gap={0} miw={0}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Text size="sm" fw={500} className={classes.wrap}>
          {children}
        </Text>
      </Stack>
    </Group>
  );
}

/** The job's facts at a glance (the side column of /job/{id}): where, pay, level, type and dates. */
export function JobOverview({ job }: { job: Job }) {
  const salary = salaryLabel(job);
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Job Overview
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 1 }} spacing="md">
        <Fact icon={<IconMapPin size={18} />} label="Location">
          {job.isRemote
            ? `Remote${fullLocation(job) ? ` · ${fullLocation(job)}` : ''}`
            : fullLocation(job) || MSG.unknownLocation}
        </Fact>
        {salary ? (
          <Fact icon={<IconCash size={18} />} label="Salary">
            {salary}
          </Fact>
        ) : null}
        <Fact icon={<IconStairsUp size={18} />} label="Level">
          {job.level}
        </Fact>
        <Fact icon={<IconBriefcase size={18} />} label="Type">
          {job.employmentType}
        </Fact>
        <Fact icon={<IconTag size={18} />} label="Category">
          {job.category}
        </Fact>
        {job.experience ? (
          <Fact icon={<IconClock size={18} />} label="Experience">
            {job.experience}
          </Fact>
        ) : null}
        {job.education ? (
          <Fact icon={<IconSchool size={18} />} label="Education">
            {job.education}
          </Fact>
        ) : null}
        {job.applicationDeadline ? (
          <Fact icon={<IconCalendarEvent size={18} />} label="Apply by">
            {shortDate(`${job.applicationDeadline}T12:00:00`)}
          </Fact>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}
