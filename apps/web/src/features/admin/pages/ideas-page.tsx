import { type AdminIdea, plural } from '@agora/shared';
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/relative-time';
import { toastOnError, useDeleteIdea, useUpdateIdea } from '../api/admin-actions';
import { usePagedList } from '../api/use-paged-list';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ListFrame } from '../components/list-frame';
import { SearchInput } from '../components/search-input';
import u from '../../../components/utilities.module.css';

export function IdeasPage() {
  const [q, setQ] = useState('');
  const [visibility, setVisibility] = useState<string | null>(null);
  const list = usePagedList<AdminIdea>('ideas', '/api/admin/ideas', {
    q: q || undefined,
    hidden: visibility === null ? undefined : visibility === 'hidden',
  });
  const del = useDeleteIdea();
  const update = useUpdateIdea();
  const [pending, setPending] = useState<{ kind: 'delete' | 'hide'; idea: AdminIdea } | null>(null);

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Ideas
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchInput label="Search" placeholder="Title" onSearch={setQ} />
        <Select
          label="Visibility"
          placeholder="Any"
          data={[
            { value: 'visible', label: 'Public' },
            { value: 'hidden', label: 'Hidden' },
          ]}
          value={visibility}
          onChange={setVisibility}
          clearable
          w={180}
        />
      </Group>
      <ListFrame
        list={list}
        label="Ideas"
        empty="No ideas match"
        head={
          <Table.Tr>
            <Table.Th>Idea</Table.Th>
            <Table.Th>Author</Table.Th>
            <Table.Th>Likes</Table.Th>
            <Table.Th>Comments</Table.Th>
            <Table.Th>Shared</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        }
      >
        {list.items.map((idea) => (
          <Table.Tr key={idea._id}>
            <Table.Td maw={340}>
              <Group gap={6} wrap="nowrap">
                <Anchor component={Link} to={`/idea/${idea._id}`} size="sm" lineClamp={2}>
                  {idea.title}
                </Anchor>
                {idea.hidden ? (
                  <Badge color="dark" variant="outline" size="sm" className={u.noShrink}>
                    {idea.hiddenByAdmin ? 'hidden by admin' : 'hidden by author'}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {idea.category}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{idea.author.displayName}</Text>
              <Text size="xs" c="dimmed">
                {idea.author.email}
              </Text>
            </Table.Td>
            <Table.Td>{idea.likeCount}</Table.Td>
            <Table.Td>{idea.commentCount}</Table.Td>
            <Table.Td>
              <Text size="sm">
                <RelativeTime date={idea.createdAt} />
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() =>
                    idea.hiddenByAdmin
                      ? update.mutate({ id: idea._id, hidden: false }, toastOnError)
                      : setPending({ kind: 'hide', idea })
                  }
                >
                  {idea.hiddenByAdmin ? 'Unhide' : 'Hide'}
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => setPending({ kind: 'delete', idea })}
                >
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListFrame>
      <ConfirmDialog
        opened={pending?.kind === 'hide'}
        onClose={() => setPending(null)}
        title="Hide this idea?"
        confirmLabel="Hide"
        onConfirm={() => update.mutateAsync({ id: pending!.idea._id, hidden: true })}
      >
        {pending ? (
          <>
            “{pending.idea.title}” will disappear from the listing, search and profiles. Its author (
            {pending.idea.author.displayName}) still sees it among their hidden ideas but cannot show it
            again; only an admin can.
          </>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        opened={pending?.kind === 'delete'}
        onClose={() => setPending(null)}
        title="Delete this idea?"
        confirmLabel="Delete"
        color="red"
        onConfirm={() => del.mutateAsync({ id: pending!.idea._id, title: pending!.idea.title })}
      >
        {pending ? (
          <>
            “{pending.idea.title}” by {pending.idea.author.displayName}, with its{' '}
            {plural(pending.idea.likeCount, 'like')} and {plural(pending.idea.commentCount, 'comment')}, will
            be deleted for good.
          </>
        ) : null}
      </ConfirmDialog>
    </Stack>
  );
}
