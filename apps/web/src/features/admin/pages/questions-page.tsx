import { ADMIN_MESSAGES, type AdminQuestion, plural } from '@agora/shared';
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/relative-time';
import { toastOnError, useDeleteQuestion, useUpdateQuestion } from '../api/admin-actions';
import { usePagedList } from '../api/use-paged-list';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ListFrame } from '../components/list-frame';
import { SearchInput } from '../components/search-input';
import { rupees } from '../../../lib/money';

const statusColor: Record<string, string> = { open: 'blue', answered: 'green', closed: 'gray' };
/** The label's own width is the badge's minimum (stock: overflow hidden lets the table squeeze it). */
const FULL_BADGE = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

type Pending =
  | { kind: 'delete'; q: AdminQuestion }
  | { kind: 'close'; q: AdminQuestion }
  | { kind: 'hide'; q: AdminQuestion; hidden: boolean };

export function QuestionsPage() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [visibility, setVisibility] = useState<string | null>(null);
  const [paid, setPaid] = useState<string | null>(null);
  const list = usePagedList<AdminQuestion>('questions', '/api/admin/questions', {
    q: q || undefined,
    status: status ?? undefined,
    hidden: visibility === null ? undefined : visibility === 'hidden',
    paid: paid === null ? undefined : paid === 'paid',
  });
  const update = useUpdateQuestion();
  const del = useDeleteQuestion();
  const [pending, setPending] = useState<Pending | null>(null);

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Questions
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchInput label="Search" placeholder="Title" onSearch={setQ} />
        <Select
          label="Status"
          placeholder="Any"
          data={['open', 'answered', 'closed']}
          value={status}
          onChange={setStatus}
          clearable
          w={140}
        />
        <Select
          label="Visibility"
          placeholder="Any"
          data={[
            { value: 'visible', label: 'Visible' },
            { value: 'hidden', label: 'Hidden' },
          ]}
          value={visibility}
          onChange={setVisibility}
          clearable
          w={140}
        />
        <Select
          label="Payment"
          placeholder="Any"
          data={[
            { value: 'paid', label: 'Paid' },
            { value: 'unpaid', label: 'Unpaid' },
          ]}
          value={paid}
          onChange={setPaid}
          clearable
          w={140}
        />
      </Group>
      <ListFrame
        list={list}
        label="Questions"
        empty="No questions match"
        minWidth={900}
        head={
          <Table.Tr>
            <Table.Th>Question</Table.Th>
            <Table.Th>Author</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Reward</Table.Th>
            <Table.Th>Answers</Table.Th>
            <Table.Th>Asked</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        }
      >
        {list.items.map((item) => {
          const paidUndistributed = item.isPaid && !item.rewardsDistributed;
          return (
            <Table.Tr key={item._id}>
              <Table.Td maw={320}>
                <Anchor component={Link} to={`/question/${item._id}`} size="sm" lineClamp={2}>
                  {item.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {item.category}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{item.author.displayName}</Text>
                <Text size="xs" c="dimmed">
                  {item.author.email}
                </Text>
              </Table.Td>
              <Table.Td>
                {/* A badge's label may shrink to an ellipsis in a narrow cell ("ANSWE…"): never here. */}
                <Group gap={4}>
                  <Badge color={statusColor[item.status]} variant="light" styles={FULL_BADGE}>
                    {item.status}
                  </Badge>
                  {item.hidden ? (
                    <Badge color="dark" variant="outline" styles={FULL_BADGE}>
                      hidden
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                {item.isPaid ? (
                  <>
                    <Text size="sm">{rupees(item.paymentAmount)}</Text>
                    <Text size="xs" c="dimmed">
                      {item.rewardsDistributed ? 'distributed' : 'not distributed'}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    unpaid
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{item.answerCount}</Table.Td>
              <Table.Td>
                <Text size="sm">
                  <RelativeTime date={item.createdAt} />
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() =>
                      item.hidden
                        ? update.mutate({ id: item._id, patch: { hidden: false } }, toastOnError)
                        : setPending({ kind: 'hide', q: item, hidden: true })
                    }
                  >
                    {item.hidden ? 'Unhide' : 'Hide'}
                  </Button>
                  {item.status === 'closed' ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => update.mutate({ id: item._id, patch: { status: 'open' } }, toastOnError)}
                    >
                      Reopen
                    </Button>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => setPending({ kind: 'close', q: item })}
                    >
                      Close
                    </Button>
                  )}
                  <Tooltip
                    label={
                      paidUndistributed
                        ? ADMIN_MESSAGES.paidQuestionUndistributed
                        : ADMIN_MESSAGES.paidQuestionDistributed
                    }
                    disabled={!item.isPaid}
                    multiline
                    w={260}
                  >
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      disabled={item.isPaid}
                      onClick={() => setPending({ kind: 'delete', q: item })}
                    >
                      Delete
                    </Button>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ListFrame>

      <ConfirmDialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={
          pending?.kind === 'delete'
            ? 'Delete this question?'
            : pending?.kind === 'close'
              ? 'Close this question?'
              : 'Hide this question?'
        }
        confirmLabel={pending?.kind === 'delete' ? 'Delete' : pending?.kind === 'close' ? 'Close' : 'Hide'}
        color={pending?.kind === 'delete' ? 'red' : 'blue'}
        onConfirm={() => {
          const p = pending!;
          if (p.kind === 'delete') return del.mutateAsync({ id: p.q._id, title: p.q.title });
          if (p.kind === 'close') return update.mutateAsync({ id: p.q._id, patch: { status: 'closed' } });
          return update.mutateAsync({ id: p.q._id, patch: { hidden: p.hidden } });
        }}
      >
        {pending?.kind === 'delete' ? (
          <>
            “{pending.q.title}” and its {plural(pending.q.answerCount, 'answer')} will be deleted for good.
          </>
        ) : pending?.kind === 'close' ? (
          <>“{pending.q.title}” will stop taking answers. It can be reopened later.</>
        ) : pending ? (
          <>“{pending.q.title}” will disappear from the public lists. It can be unhidden later.</>
        ) : null}
      </ConfirmDialog>
    </Stack>
  );
}
