import { type Job, shortDate } from '@agora/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useFillJob, useRenewJob } from '../api/job-life';

/** A renewal answers the job (bare or as { job }); its new expiry is what the poster wants to read. */
function expiryOf(answer: unknown): string | null {
  const j = (answer && typeof answer === 'object' && 'job' in answer ? answer.job : answer) as
    | Partial<Job>
    | null
    | undefined;
  return typeof j?.expiresAt === 'string' ? j.expiresAt : null;
}

/** Renew keeps an approved listing up (open or expired); a filled or closed one has nothing to renew. */
export const canRenew = (job: Job) =>
  job.status === 'approved' && (job.state === 'open' || job.state === 'expired');
/** Any approved listing not filled yet may be marked filled. */
export const canFill = (job: Job) => job.status === 'approved' && job.state !== 'filled';

/** My Jobs' Renew and Mark as filled for one posting (filling asks first: it ends the listing). */
export function JobLifeActions({ job }: { job: Job }) {
  const renew = useRenewJob();
  const fill = useFillJob();
  const [confirming, setConfirming] = useState(false);
  const error = renew.error ?? null;
  return (
    <>
      {canRenew(job) ? (
        <Button
          size="sm"
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={renew.isPending}
          aria-label={`Renew ${job.title}`}
          onClick={() =>
            renew.mutate(job._id, {
              onSuccess: (answer) => {
                const until = expiryOf(answer);
                notifications.show({
                  color: 'green',
                  title: 'Listing renewed',
                  message: until
                    ? `${job.title} is listed until ${shortDate(until)}.`
                    : `${job.title} was renewed.`,
                });
              },
            })
          }
        >
          Renew
        </Button>
      ) : null}
      {canFill(job) ? (
        <Button
          size="sm"
          variant="light"
          color="teal"
          leftSection={<IconCircleCheck size={16} aria-hidden />}
          aria-label={`Mark as filled: ${job.title}`}
          onClick={() => setConfirming(true)}
        >
          Mark as filled
        </Button>
      ) : null}
      {error ? (
        <Text size="sm" c="red" role="alert" w="100%">
          {errorMessage(error, 'Could not renew the listing. Please try again.')}
        </Text>
      ) : null}
      <Modal
        opened={confirming}
        onClose={fill.isPending ? () => {} : () => setConfirming(false)}
        title="Mark as filled?"
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">
            <strong>{job.title}</strong> leaves the Jobs Hub and takes no more applications. The applicants
            you already have stay in your pipeline.
          </Text>
          {fill.error ? (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(fill.error, 'Could not mark the job as filled. Please try again.')}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={fill.isPending}>
              Cancel
            </Button>
            <Button
              color="teal"
              loading={fill.isPending}
              onClick={() =>
                fill.mutate(job._id, {
                  onSuccess: () => {
                    setConfirming(false);
                    notifications.show({
                      color: 'green',
                      title: 'Marked as filled',
                      message: `${job.title} is filled.`,
                    });
                  },
                })
              }
            >
              Mark as filled
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
