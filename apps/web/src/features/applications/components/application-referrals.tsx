import type { Application, ReferralStatus } from '@agora/shared';
import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../../lib/auth-store';
import { jobQuery } from '../../jobs/api/get-job';
import { REFERRAL_STATUS, ReferralNetwork } from './referral-network';

/** The people known at the job's company, read from the job page's data once the seeker asks. */
function NetworkForApplication({ application: a }: { application: Application }) {
  const { user } = useAuth();
  const job = useQuery(jobQuery(a.job._id, user?.id ?? 'anon'));
  if (job.isPending) return <Loader size="sm" aria-label="Loading the people you know there" />;
  const people = job.data?.network ?? [];
  if (people.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nobody you follow or who follows you lists {a.job.company} as their company yet.
      </Text>
    );
  }
  const statuses = new Map<string, ReferralStatus>((a.referrals ?? []).map((r) => [r.referrer.id, r.status]));
  return (
    <ReferralNetwork company={a.job.company} people={people} applicationId={a._id} statuses={statuses} />
  );
}

/**
 * On My Applications: the referral requests sent for this application as status chips, and (while
 * it stands) the people the seeker knows at the company, to ask.
 */
export function ApplicationReferrals({ application: a }: { application: Application }) {
  const [open, setOpen] = useState(false);
  const referrals = a.referrals ?? [];
  const canAsk = a.status !== 'withdrawn';
  if (referrals.length === 0 && !canAsk) return null;
  return (
    <Stack gap={6}>
      {referrals.length ? (
        <Group gap={6} wrap="wrap" aria-label="Referral requests">
          {referrals.map((r) => (
            <Badge
              key={r._id}
              color={REFERRAL_STATUS[r.status].color}
              variant="light"
              tt="none"
              data-testid="referral-chip"
            >
              {r.referrer.displayName}: {REFERRAL_STATUS[r.status].label}
            </Badge>
          ))}
        </Group>
      ) : null}
      {canAsk ? (
        open ? (
          <NetworkForApplication application={a} />
        ) : (
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={() => setOpen(true)}>
              {referrals.length ? 'Ask someone else for a referral' : 'Ask someone you know for a referral'}
            </Button>
          </Group>
        )
      ) : null}
    </Stack>
  );
}
