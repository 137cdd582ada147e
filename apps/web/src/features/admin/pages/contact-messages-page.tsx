import type { AdminContactMessage } from '@agora/shared';
import { Anchor, Badge, Card, Group, Spoiler, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { usePagedList } from '../api/use-paged-list';
import { ListFrameCards } from '../components/list-frame-cards';
import { SearchInput } from '../components/search-input';
import { shortDateTime } from '../lib/format';
import u from '../../../components/utilities.module.css';

export function ContactMessagesPage() {
  const [q, setQ] = useState('');
  const list = usePagedList<AdminContactMessage>('contact', '/api/admin/contact-messages', {
    q: q || undefined,
  });
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Contact messages
      </Title>
      <Group align="flex-end">
        <SearchInput label="Search" placeholder="Name, e-mail, subject or text" onSearch={setQ} />
      </Group>
      <ListFrameCards list={list} empty="No messages">
        {list.items.map((m) => (
          <Card key={m._id} withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <div className={u.minW0}>
                <Text fw={600} className={u.wrapAnywhere}>
                  {m.subject || '(no subject)'}
                </Text>
                <Text size="sm">
                  {m.name} ·{' '}
                  <Anchor href={`mailto:${m.email}`} size="sm">
                    {m.email}
                  </Anchor>
                </Text>
              </div>
              <Group gap={6}>
                {m.category ? (
                  <Badge variant="light" color="gray">
                    {m.category}
                  </Badge>
                ) : null}
                {m.userId ? (
                  <Badge variant="light" color="blue">
                    member
                  </Badge>
                ) : null}
                <Text size="xs" c="dimmed">
                  {shortDateTime(m.createdAt)}
                </Text>
              </Group>
            </Group>
            <Spoiler maxHeight={66} showLabel="Show more" hideLabel="Show less" mt="xs">
              <Text size="sm" className={u.preWrapAnywhere}>
                {m.message}
              </Text>
            </Spoiler>
          </Card>
        ))}
      </ListFrameCards>
    </Stack>
  );
}
