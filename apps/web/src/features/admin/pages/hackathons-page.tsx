import type { AdminHackathon } from '@agora/shared';
import { Anchor, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useReviewHackathon } from '../api/admin-actions';
import { usePagedList } from '../api/use-paged-list';
import { ReviewQueue } from '../components/review-queue';
import { shortDateTime } from '../lib/format';

const STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'published', label: 'Published' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

export function HackathonsPage() {
  const [status, setStatus] = useState('pending');
  const [q, setQ] = useState('');
  const list = usePagedList<AdminHackathon>('hackathons', '/api/admin/hackathons', {
    status,
    q: q || undefined,
  });
  const review = useReviewHackathon();
  return (
    <ReviewQueue
      title="Hackathons"
      noun="hackathon"
      statuses={STATUSES}
      status={status}
      onStatus={setStatus}
      onSearch={setQ}
      searchPlaceholder="Title or organiser"
      list={list}
      recipient={(h) => `The organiser (${h.author.email})`}
      link={(h) => (
        <Anchor component={Link} to={`/hackathon/${h._id}`} inherit>
          {h.title}
        </Anchor>
      )}
      details={(h) => (
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            <Text span c="dimmed">
              Organiser:{' '}
            </Text>
            {h.organizer.name} · {h.organizer.email}
            {h.organizer.phone ? ` · ${h.organizer.phone}` : ''}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              When:{' '}
            </Text>
            {shortDateTime(h.startDate)} – {shortDateTime(h.endDate)}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Where:{' '}
            </Text>
            {h.locationType}
            {h.location ? ` · ${h.location}` : ''}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Category / prizes:{' '}
            </Text>
            {h.category} · {h.prizePool}
          </Text>
        </Group>
      )}
      onDecide={(h, decision, reason) =>
        review.mutateAsync({ id: h._id, updatedAt: h.updatedAt, decision, reason })
      }
    />
  );
}
