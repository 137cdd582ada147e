import {
  APPLICATION_MESSAGES,
  APPLICATION_STATUS_LABELS,
  type ApplicationCreateResult,
  type Job,
  shortDate,
} from '@agora/shared';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconLogin, IconMail, IconSend, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { setRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import { screeningMismatches } from '../lib/apply-rules';
import { lazyOverlay, OnFirstOpen } from '../../../components/lazy-overlay';

// Quick Apply's dialog (the form, the file input, the profile it reads) loads when it is opened.
const ApplyForm = lazyOverlay(() => import('./apply-form').then((m) => m.ApplyForm));

function AppliedNote({ job, result }: { job: Job; result: ApplicationCreateResult | null }) {
  const mine = job.myApplication ?? result?.application ?? null;
  if (!mine) return null;
  // Right after applying the answers are at hand: a screened-out applicant is told what the job requires.
  const mismatches =
    result?.application.screenedOut === true
      ? result.screenedOutReasons?.length
        ? result.screenedOutReasons
        : screeningMismatches(result.application.answers, job.screeningQuestions)
      : [];
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} data-testid="applied-note">
        Applied on {shortDate(mine.createdAt)} · {APPLICATION_STATUS_LABELS[mine.status]}
      </Text>
      {mismatches.length ? (
        <Alert color="yellow" variant="light" title="Your answers do not match this job's requirements">
          <Stack gap={4}>
            {mismatches.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
            <Text size="sm">The poster can still see your application.</Text>
          </Stack>
        </Alert>
      ) : null}
      <Anchor component={Link} to="/my-applications" size="sm">
        See all my applications
      </Anchor>
    </Stack>
  );
}

/** What a seeker can do from the job page: Quick Apply, or what stands in its way. */
function PrimaryAction({
  job,
  onApply,
  result,
}: {
  job: Job;
  onApply(): void;
  result: ApplicationCreateResult | null;
}) {
  const { user, isLoggedIn } = useAuth();
  // Before (or without) approval a posting has not taken applications yet: not "no longer".
  if (job.status !== 'approved') {
    return (
      <Text size="sm" c="dimmed">
        {job.status === 'pending'
          ? 'Applications open once the posting is approved.'
          : 'This posting is not listed, so it takes no applications.'}
      </Text>
    );
  }
  if (job.state !== 'open') {
    return (
      <Text size="sm" fw={500} data-testid="applications-closed">
        {APPLICATION_MESSAGES.jobClosed}
      </Text>
    );
  }
  if (!isLoggedIn) {
    const here = `/job/${job._id}`;
    return (
      <Button
        component={Link}
        to="/login"
        leftSection={<IconLogin size={16} aria-hidden />}
        onClick={() => setRedirectAfterLogin(here)}
      >
        Sign in to apply
      </Button>
    );
  }
  if (user?.id === job.author.id) {
    return (
      <Button
        component={Link}
        to={`/my-jobs/${job._id}/applicants`}
        leftSection={<IconUsers size={16} aria-hidden />}
      >
        View applicants
      </Button>
    );
  }
  if (job.myApplication || result) return <AppliedNote job={job} result={result} />;
  return (
    <Button onClick={onApply} leftSection={<IconSend size={16} aria-hidden />}>
      Apply now
    </Button>
  );
}

/** The job page's "How to Apply" card: Quick Apply first, the poster's e-mail as a second way. */
export function ApplyPanel({ job }: { job: Job }) {
  const [opened, setOpened] = useState(false);
  const [result, setResult] = useState<ApplicationCreateResult | null>(null);
  const { user } = useAuth();
  const open = job.state === 'open';
  // The e-mail is a second way to apply: not for the poster, nor once the viewer has applied here.
  const canApply = open && user?.id !== job.author.id && !job.myApplication && !result;
  const mailto = `mailto:${job.contactEmail}?subject=${encodeURIComponent(`Application: ${job.title}`)}`;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        How to Apply
      </Title>
      <PrimaryAction job={job} onApply={() => setOpened(true)} result={result} />
      {canApply && job.contactEmail ? (
        // The address is shown too: without a mail client a mailto link does nothing.
        <Stack gap={2} align="flex-start">
          <Button
            component="a"
            href={mailto}
            variant="subtle"
            size="compact-sm"
            leftSection={<IconMail size={14} aria-hidden />}
          >
            Apply by Email
          </Button>
          <Text size="xs" c="dimmed" data-testid="contact-email">
            {job.contactEmail}
          </Text>
        </Stack>
      ) : null}
      {open ? (
        <OnFirstOpen opened={opened}>
          <ApplyForm
            job={job}
            opened={opened}
            onClose={() => setOpened(false)}
            onApplied={(r) => {
              setResult(r);
              setOpened(false);
            }}
          />
        </OnFirstOpen>
      ) : null}
    </Stack>
  );
}
