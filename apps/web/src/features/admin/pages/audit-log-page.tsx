import type { AuditEntry } from '@agora/shared';
import { Code, Group, Select, Spoiler, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePagedList } from '../api/use-paged-list';
import { ListFrame } from '../components/list-frame';
import { shortDateTime } from '../lib/format';
import u from '../../../components/utilities.module.css';

const ENTITY_TYPES = [
  'user',
  'question',
  'idea',
  'hackathon',
  'job',
  'withdrawal',
  'settings',
  'mail_outbox',
];

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined)
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  return (
    <Spoiler maxHeight={64} showLabel="more" hideLabel="less">
      <Code block fz="xs" className={u.preWrapAnywhere}>
        {JSON.stringify(value, null, 1)}
      </Code>
    </Spoiler>
  );
}

export function AuditLogPage() {
  const [entityType, setEntityType] = useState<string | null>(null);
  const [action, setAction] = useState('');
  const [debouncedAction] = useDebouncedValue(action.trim(), 300);
  const list = usePagedList<AuditEntry>('audit', '/api/admin/audit-log', {
    entityType: entityType ?? undefined,
    action: debouncedAction || undefined,
  });
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Audit log
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Object"
          placeholder="Any"
          data={ENTITY_TYPES}
          value={entityType}
          onChange={setEntityType}
          clearable
          w={180}
        />
        <TextInput
          label="Action"
          placeholder="e.g. user.suspend"
          value={action}
          onChange={(e) => setAction(e.currentTarget.value)}
          maxLength={80}
          w={220}
        />
      </Group>
      <ListFrame
        list={list}
        label="Audit log"
        empty="No entries"
        minWidth={900}
        head={
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Object</Table.Th>
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
          </Table.Tr>
        }
      >
        {list.items.map((e) => (
          <Table.Tr key={e._id}>
            <Table.Td>
              <Text size="sm">{shortDateTime(e.createdAt)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{e.actor?.displayName ?? 'system'}</Text>
              {e.actor ? (
                <Text size="xs" c="dimmed">
                  {e.actor.email}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Code>{e.action}</Code>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{e.entityType}</Text>
              <Text size="xs" c="dimmed" className={u.wrapAnywhere}>
                {e.entityId}
              </Text>
            </Table.Td>
            <Table.Td maw={220}>
              <Json value={e.before} />
            </Table.Td>
            <Table.Td maw={220}>
              <Json value={e.after} />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListFrame>
    </Stack>
  );
}
