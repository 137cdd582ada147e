import type { AdminJob } from '@agora/shared';
import { Anchor, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useReviewJob } from '../api/admin-actions';
import { usePagedList } from '../api/use-paged-list';
import { ReviewQueue } from '../components/review-queue';

const STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

export function JobsPage() {
  const [status, setStatus] = useState('pending');
  const [q, setQ] = useState('');
  const list = usePagedList<AdminJob>('jobs', '/api/admin/jobs', { status, q: q || undefined });
  const review = useReviewJob();
  return (
    <ReviewQueue
      title="Jobs"
      noun="job"
      statuses={STATUSES}
      status={status}
      onStatus={setStatus}
      onSearch={setQ}
      searchPlaceholder="Title or company"
      list={list}
      recipient={(j) => `The poster (${j.poster.email})`}
      link={(j) => (
        <Anchor component={Link} to={`/job/${j._id}`} inherit>
          {j.title}
        </Anchor>
      )}
      details={(j) => (
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            <Text span c="dimmed">
              Company:{' '}
            </Text>
            {j.companyName}
            {j.companyWebsite ? ` · ${j.companyWebsite}` : ''}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Role:{' '}
            </Text>
            {j.category} · {j.level} · {j.employmentType}
            {j.salaryText ? ` · ${j.salaryText}` : ''}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Location:{' '}
            </Text>
            {j.city}, {j.country}
            {j.isRemote ? ' · remote' : ''}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Contact:{' '}
            </Text>
            {j.contactEmail}
          </Text>
        </Group>
      )}
      onDecide={(j, decision, reason) =>
        review.mutateAsync({ id: j._id, updatedAt: j.updatedAt, decision, reason })
      }
    />
  );
}
