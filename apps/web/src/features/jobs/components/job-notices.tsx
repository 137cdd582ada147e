import type { Job } from '@agora/shared';
import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCalendarEvent, IconHourglass } from '@tabler/icons-react';

/** Why an approved job no longer takes applications, by its state. */
const ENDED: Partial<Record<Job['state'], { title: string; text: string }>> = {
  closed: { title: 'Applications closed', text: 'The application deadline for this job has passed.' },
  expired: { title: 'Listing expired', text: 'This listing has expired and is no longer on the Jobs Hub.' },
  filled: { title: 'Position filled', text: 'The poster has marked this position as filled.' },
};

/** Above a job: waiting for approval, not approved, or no longer taking applications. */
export function JobNotices({ job, isPoster }: { job: Job; isPoster: boolean }) {
  // The server's rule (the one that keeps the job listed), never this browser's date.
  const ended = job.status === 'approved' ? ENDED[job.state] : undefined;
  return (
    <>
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
    </>
  );
}
