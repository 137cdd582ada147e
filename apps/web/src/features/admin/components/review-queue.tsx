import { ADMIN_MESSAGES } from '@agora/shared';
import { Badge, Button, Card, Group, SegmentedControl, Spoiler, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { changedSinceReview } from '../api/admin-actions';
import type { PagedList } from '../api/use-paged-list';
import { age, ageColor, shortDateTime } from '../lib/format';
import { ConfirmDialog } from './confirm-dialog';
import { ListFrameCards } from './list-frame-cards';
import { SearchInput } from './search-input';
import u from '../../../components/utilities.module.css';

export interface ReviewItem {
  _id: string;
  title: string;
  description: string;
  status: string;
  rejectionReason: string | null;
  reviewedAt: string | null;
  createdAt: string;
  /** The version shown: a decision is sent with it, and refused if the item changed since. */
  updatedAt: string;
  ageMinutes: number;
}

const statusColor: Record<string, string> = {
  pending: 'yellow',
  published: 'green',
  approved: 'green',
  rejected: 'red',
};

/**
 * A review queue (hackathons, jobs): pending items oldest first with how long they have waited
 * (the spec promises 24–48 hours), approve with a confirmation, reject with a required reason.
 */
export function ReviewQueue<T extends ReviewItem>({
  title,
  noun,
  statuses,
  status,
  onStatus,
  onSearch,
  searchPlaceholder,
  list,
  details,
  link,
  onDecide,
  recipient,
}: {
  title: string;
  noun: string;
  statuses: { value: string; label: string }[];
  status: string;
  onStatus(s: string): void;
  onSearch(q: string): void;
  searchPlaceholder: string;
  list: PagedList<T>;
  details(item: T): ReactNode;
  link(item: T): ReactNode;
  recipient(item: T): string;
  onDecide(item: T, decision: 'approve' | 'reject', reason?: string): Promise<unknown>;
}) {
  const [pending, setPending] = useState<{ item: T; decision: 'approve' | 'reject' } | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <SegmentedControl value={status} onChange={onStatus} data={statuses} size="xs" aria-label="Status" />
      </Group>
      {/* In a row like the other admin lists: its flex basis is a width there, not a height. */}
      <Group gap="sm" wrap="wrap">
        <SearchInput label={`Search ${noun}s`} placeholder={searchPlaceholder} onSearch={onSearch} />
      </Group>
      {status === 'pending' ? (
        <Text size="sm" c="dimmed">
          Oldest first. Submitters were promised a review within 24–48 hours.
        </Text>
      ) : null}
      <ListFrameCards
        list={list}
        empty={status === 'pending' ? `No ${noun}s waiting for review` : `No ${noun}s`}
      >
        {list.items.map((item) => (
          <Card key={item._id} withBorder radius="md" padding="md" data-testid={`review-${item._id}`}>
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <div className={u.minW0}>
                  <Text fw={600} component="h3" m={0} size="md" className={u.wrapAnywhere}>
                    {link(item)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Submitted {shortDateTime(item.createdAt)}
                  </Text>
                </div>
                <Group gap={6} wrap="nowrap" flex="none">
                  {item.status === 'pending' ? (
                    <Badge
                      color={ageColor(item.ageMinutes)}
                      variant="light"
                      leftSection={<IconClock size={12} aria-hidden />}
                      title="Waiting for review"
                      tt="none"
                    >
                      {age(item.ageMinutes)}
                    </Badge>
                  ) : null}
                  <Badge color={statusColor[item.status] ?? 'gray'} variant="light">
                    {item.status}
                  </Badge>
                </Group>
              </Group>
              {details(item)}
              <Spoiler maxHeight={60} showLabel="Show more" hideLabel="Show less">
                <Text size="sm" className={u.preWrapAnywhere}>
                  {item.description}
                </Text>
              </Spoiler>
              {item.rejectionReason ? (
                <Text size="sm" c="red.8">
                  Rejected: {item.rejectionReason}
                </Text>
              ) : null}
              {item.status === 'pending' ? (
                <Group gap="xs" justify="flex-end">
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconX size={14} aria-hidden />}
                    onClick={() => setPending({ item, decision: 'reject' })}
                  >
                    Reject
                  </Button>
                  <Button
                    size="xs"
                    color="green"
                    leftSection={<IconCheck size={14} aria-hidden />}
                    onClick={() => setPending({ item, decision: 'approve' })}
                  >
                    Approve
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Card>
        ))}
      </ListFrameCards>
      <ConfirmDialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.decision === 'approve' ? `Approve this ${noun}?` : `Reject this ${noun}?`}
        confirmLabel={pending?.decision === 'approve' ? 'Approve' : 'Reject'}
        color={pending?.decision === 'approve' ? 'green' : 'red'}
        field={
          pending?.decision === 'reject'
            ? {
                label: 'Reason (sent to the submitter)',
                placeholder: 'What needs to change',
                requiredMessage: ADMIN_MESSAGES.reasonRequired,
                maxLength: 500,
                multiline: true,
              }
            : undefined
        }
        onConfirm={async (reason) => {
          try {
            await onDecide(pending!.item, pending!.decision, reason || undefined);
          } catch (err) {
            // Changed since it was opened: the dialog closes on the stale version, the queue is
            // read again and a notice asks for a fresh review (the decision's own onError).
            if (changedSinceReview(err)) return;
            throw err;
          }
        }}
      >
        {pending ? (
          pending.decision === 'approve' ? (
            <>
              “{pending.item.title}” will be published. {recipient(pending.item)} will be e-mailed and
              notified.
            </>
          ) : (
            <>
              “{pending.item.title}” will be rejected. {recipient(pending.item)} will receive your reason by
              e-mail.
            </>
          )
        ) : null}
      </ConfirmDialog>
    </Stack>
  );
}
