import { type Job, MSG, shortDate } from '@agora/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Divider,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconBriefcase,
  IconCalendarEvent,
  IconCash,
  IconClock,
  IconExternalLink,
  IconHourglass,
  IconMapPin,
  IconSchool,
  IconStairsUp,
  IconTag,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { RelativeTime } from '../../../components/relative-time';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { useDeferredArrival } from '../../../lib/use-progressive-list';
import { ApplyPanel } from '../../applications/components/apply-panel';
import { ReferralBox } from '../../applications/components/referral-box';
import { useJob } from '../api/get-job';
import { CompanyLogo } from '../components/company-logo';
import { MatchSummary } from '../components/match-summary';
import { useJsonLd } from '../components/use-json-ld';
import { companyLabel, fullLocation, jobPostingJsonLd, salaryLabel } from '../lib/job-display';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text c="var(--mantine-primary-color-filled)" mt={2} aria-hidden>
        {icon}
      </Text>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </Stack>
    </Group>
  );
}

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
  <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} lh={1.7}>
    {children}
  </Text>
);

/** Why an approved job no longer takes applications, by its state. */
const ENDED: Partial<Record<Job['state'], { title: string; text: string }>> = {
  closed: { title: 'Applications closed', text: 'The application deadline for this job has passed.' },
  expired: { title: 'Listing expired', text: 'This listing has expired and is no longer on the Jobs Hub.' },
  filled: { title: 'Position filled', text: 'The poster has marked this position as filled.' },
};

/** /job/{id} — the full job, how to apply, and schema.org JobPosting data for search engines. */
export function JobDetailPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const query = useJob(id);
  // The job first arrives in a deferred render (lib/use-progressive-list).
  const job = useDeferredArrival(query.data);
  useJsonLd(
    'job-posting-ld',
    // Search engines get a posting only while it takes applications (Google drops closed ones).
    job && job.state === 'open' ? jobPostingJsonLd(job, window.location.origin) : null,
  );

  if (query.isPending || (query.data && !job)) {
    return (
      <Container size="lg" py="xl" aria-busy="true">
        <Skeleton h={36} w="60%" mb="md" />
        <Skeleton h={20} w="30%" mb="xl" />
        <Skeleton h={300} />
      </Container>
    );
  }
  if (query.isError || !job) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Container size="sm" py="xl">
        <EmptyState
          icon={<IconBriefcase size={28} />}
          title={missing ? 'Job not found' : 'Could not load this job'}
          description={
            missing
              ? 'This job does not exist, is waiting for approval, or was removed.'
              : 'Please check your connection and try again.'
          }
          action={
            <Group>
              {!missing ? <Button onClick={() => query.refetch()}>Try Again</Button> : null}
              <Button variant="light" component={Link} to="/jobhubs">
                Back to Jobs
              </Button>
            </Group>
          }
        />
      </Container>
    );
  }

  const company = companyLabel(job);
  const salary = salaryLabel(job);
  const isPoster = user?.id === job.author.id;
  // The server's rule (the one that keeps the job listed), never this browser's date.
  const ended = job.status === 'approved' ? ENDED[job.state] : undefined;

  return (
    <Container size="lg" py="xl">
      <Button
        component={Link}
        to="/jobhubs"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        mb="md"
        px={4}
      >
        Back to Jobs
      </Button>

      {job.status === 'pending' ? (
        <Alert color="yellow" icon={<IconHourglass size={18} />} title="Pending approval" mb="md">
          {isPoster
            ? "Your job posting is waiting for admin approval. Only you and the admins can see it until it's approved; you will be notified once it's approved."
            : 'This job posting is waiting for admin approval and is not listed yet.'}
        </Alert>
      ) : null}
      {job.status === 'rejected' ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Not approved" mb="md">
          {job.rejectionReason ? `Reason: ${job.rejectionReason}` : 'This job posting was not approved.'}
        </Alert>
      ) : null}
      {ended ? (
        <Alert color="gray" icon={<IconCalendarEvent size={18} />} title={ended.title} mb="md">
          {ended.text}
        </Alert>
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="lg">
              <Group align="flex-start" wrap="nowrap" gap="md">
                <CompanyLogo name={company} logo={job.company.logo} size={64} />
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                    {job.title}
                  </Title>
                  <Group gap="xs" wrap="wrap">
                    {job.company.website ? (
                      <Anchor
                        href={job.company.website}
                        target="_blank"
                        rel="noopener noreferrer nofollow"
                        fw={600}
                      >
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
                  <Group gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {job.skills.map((s) => (
                      <Badge
                        component="li"
                        key={s}
                        variant="outline"
                        color="gray"
                        radius="sm"
                        tt="none"
                        size="lg"
                      >
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
          </Paper>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="lg">
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
            </Paper>

            <Paper withBorder radius="md" p="lg">
              <ApplyPanel job={job} />
            </Paper>
            <ReferralBox job={job} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
