import {
  APPLICATION_MESSAGES,
  type Application,
  type JobMatch,
  matchSummary,
  type ScreeningQuestion,
  shortDate,
} from '@agora/shared';
import { Alert, Badge, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client';
import { useDownloadResume } from '../api/download-resume';
import { ApplicationHistory } from './application-history';
import classes from './applications.module.css';
import { ScreeningAnswers } from './screening-answers';
import { StatusBadge } from './status-badge';
import { StatusChangeForm } from './status-change-form';

function sizeLabel(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

function ResumeButton({ application: a }: { application: Application }) {
  const download = useDownloadResume();
  if (!a.resume) {
    return (
      <Text size="sm" c="dimmed">
        No résumé attached
      </Text>
    );
  }
  const { originalName, size } = a.resume;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<IconDownload size={14} aria-hidden />}
        loading={download.isPending}
        onClick={() => download.mutate({ id: a._id, name: originalName })}
        className={classes.wrap}
        aria-label={`Download résumé ${originalName} (${sizeLabel(size)})`}
      >
        {originalName} ({sizeLabel(size)})
      </Button>
      {download.error ? (
        <Text size="xs" c="red" role="alert">
          {errorMessage(download.error, download.error.message)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** How the applicant matches the job (what orders the list), with the reasons from their activity. */
function ApplicantMatch({ match }: { match: JobMatch }) {
  const line = matchSummary(match);
  return (
    <Stack gap={2} data-testid="applicant-match">
      <Group gap={6} wrap="wrap">
        <Badge
          color={match.score >= 70 ? 'teal' : match.score >= 40 ? 'yellow' : 'gray'}
          variant="light"
          tt="none"
        >
          {match.score}% match
        </Badge>
        {line ? <Text size="sm">{line}</Text> : null}
      </Group>
      {match.evidence.map((e) => (
        <Text key={e} size="xs" c="dimmed">
          {e}
        </Text>
      ))}
    </Stack>
  );
}

/** One applicant in the poster's pipeline: who, when, what they sent, what happened, what next. */
export function ApplicantCard({
  application: a,
  questions,
}: {
  application: Application;
  questions: readonly ScreeningQuestion[];
}) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`applicant-${a._id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} className={classes.wrap}>
            <Title order={3} size="h5" id={`applicant-${a._id}`} className={classes.wrap}>
              {a.applicant.displayName}
            </Title>
            <Text size="xs" c="dimmed">
              Applied on {shortDate(a.createdAt)}
            </Text>
          </Stack>
          <Group gap={4} justify="flex-end">
            {a.referredBy ? (
              <Badge color="teal" variant="light" tt="none" data-testid="referred-by">
                Referred by {a.referredBy.displayName}
              </Badge>
            ) : null}
            {a.screenedOut ? (
              <Badge color="yellow" variant="outline" data-testid="screened-out">
                Screened out
              </Badge>
            ) : null}
            <StatusBadge status={a.status} />
          </Group>
        </Group>
        {a.match ? <ApplicantMatch match={a.match} /> : null}
        <ResumeButton application={a} />
        {a.coverNote ? (
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Cover note
            </Text>
            <Text size="sm" className={classes.prose}>
              {a.coverNote}
            </Text>
          </Stack>
        ) : null}
        {a.answers.length ? (
          <Stack gap={4}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Screening answers
            </Text>
            <ScreeningAnswers answers={a.answers} questions={questions} />
          </Stack>
        ) : null}
        <Divider />
        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            History
          </Text>
          <ApplicationHistory history={a.history} />
        </Stack>
        {a.status === 'withdrawn' ? (
          <Alert color="gray" variant="light">
            {APPLICATION_MESSAGES.cannotChangeWithdrawn}
          </Alert>
        ) : (
          <StatusChangeForm application={a} />
        )}
      </Stack>
    </Card>
  );
}
