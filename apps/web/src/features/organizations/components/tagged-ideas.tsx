import { IDEA_RESPONSE_STATUS_LABELS, type OrganizationIdea } from '@agora/shared';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/relative-time';
import u from '../../../components/utilities.module.css';

/** Ideas that tag an organisation, with its response status when it has answered. */
export function TaggedIdeas({ ideas, empty }: { ideas: OrganizationIdea[]; empty: string }) {
  if (ideas.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {ideas.map((i) => (
        <Paper key={i._id} withBorder radius="md" p="sm" data-testid="tagged-idea">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Anchor component={Link} to={`/idea/${i._id}`} fw={600} className={u.breakWord}>
              {i.title}
            </Anchor>
            {i.responseStatus ? (
              <Badge variant="light" tt="none" className={u.noShrink}>
                {IDEA_RESPONSE_STATUS_LABELS[i.responseStatus]}
              </Badge>
            ) : (
              <Badge variant="outline" color="gray" tt="none" className={u.noShrink}>
                No response yet
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {i.description}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {i.category} · by {i.author.displayName} · tagged <RelativeTime date={i.taggedAt} />
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
