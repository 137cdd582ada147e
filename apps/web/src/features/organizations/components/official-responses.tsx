import { IDEA_RESPONSE_STATUS_LABELS, type IdeaResponse } from '@agora/shared';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRosetteDiscountCheckFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/relative-time';
import u from '../../../components/utilities.module.css';

const STATUS_COLOR: Record<IdeaResponse['status'], string> = {
  acknowledged: 'blue',
  'under-review': 'yellow',
  adopted: 'green',
  declined: 'red',
};

/** Official responses on an idea: each by a verified member, with the organisation's verified mark. */
export function OfficialResponses({ responses }: { responses: IdeaResponse[] }) {
  if (responses.length === 0) return null;
  return (
    <Stack gap="sm" id="responses" data-testid="official-responses">
      <Title order={2} size="h4">
        Official responses
      </Title>
      {responses.map((r) => (
        <Paper key={r._id} withBorder radius="md" p="md" bg="var(--mantine-color-body)">
          <Group justify="space-between" gap="xs" mb={6}>
            <Group gap={6}>
              <Text fw={700} component={Link} to={`/organization/${r.organization._id}`}>
                {r.organization.name}
              </Text>
              <IconRosetteDiscountCheckFilled
                size={18}
                color="var(--mantine-color-blue-6)"
                aria-label="Verified organisation"
              />
              <Badge color={STATUS_COLOR[r.status]} variant="light" tt="none">
                {IDEA_RESPONSE_STATUS_LABELS[r.status]}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              <RelativeTime date={r.createdAt} />
            </Text>
          </Group>
          <Text className={u.preWrapBreakWord}>{r.message}</Text>
          {r.responder ? (
            <Text size="xs" c="dimmed" mt={6}>
              Answered by {r.responder.displayName}, verified member
            </Text>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
