import type { Job, ReferralStatus } from '@agora/shared';
import { Paper } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useAuth } from '../../../lib/auth-store';
import { useApplicationReferrals } from '../api/referrals';
import { withFullStyles } from '../../../app/styles/load-full-styles';

// Only a signed-in viewer with acquaintances at the company sees it: the others never download it.
const ReferralNetwork = lazy(async () => ({
  default: (await withFullStyles(import('./referral-network'))).ReferralNetwork,
}));

/**
 * On the job page, for a signed-in viewer who knows people at the job's company (`job.network`):
 * who they are, and, once the viewer has applied, asking them for a referral. Nothing otherwise.
 */
export function ReferralBox({ job }: { job: Job }) {
  const { user } = useAuth();
  const mine = job.myApplication;
  const applicationId = mine && mine.status !== 'withdrawn' ? mine._id : null;
  // The poster's own job: nobody to be referred to.
  const people = user?.id === job.author.id ? [] : (job.network ?? []);
  const referrals = useApplicationReferrals(people.length > 0 ? applicationId : null);
  if (people.length === 0) return null;
  const statuses = new Map<string, ReferralStatus>(
    (referrals.data?.referralRequests ?? []).map((r) => [r.referrer.id, r.status]),
  );
  return (
    <Paper withBorder radius="md" p="lg" data-testid="referral-box">
      <Suspense fallback={null}>
        <ReferralNetwork
          company={job.company.name}
          people={people}
          applicationId={applicationId}
          canApply={job.state === 'open' && job.applicationsOpen}
          statuses={statuses}
        />
      </Suspense>
    </Paper>
  );
}
