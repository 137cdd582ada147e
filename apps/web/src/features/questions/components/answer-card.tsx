import type { Answer } from '@agora/shared';
import { Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Markdown } from '../../../components/markdown';
import { RelativeTime } from '../../../components/relative-time';
import { UserAvatar } from '../../../components/user-avatar';
import { AttachmentList } from './attachment-list';
import u from '../../../components/utilities.module.css';

/** One answer: author, time, Markdown content, attachments, and the last AI ranking's verdict. */
export function AnswerCard({ answer, mine }: { answer: Answer; mine?: boolean }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="answer" component="article">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <UserAvatar name={answer.author.displayName} size="sm" />
            <Text size="sm" fw={600}>
              {answer.author.displayName}
            </Text>
            {mine ? (
              <Badge size="xs" variant="light">
                Your answer
              </Badge>
            ) : null}
            <Text size="xs" c="dimmed">
              <RelativeTime date={answer.createdAt} />
            </Text>
          </Group>
          {answer.aiRank !== null ? (
            <Tooltip label={`AI score ${answer.aiScore?.toFixed(1) ?? '–'} / 100`}>
              <Badge color="grape" variant="light" leftSection={<IconSparkles size={12} aria-hidden />}>
                AI rank #{answer.aiRank}
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
        <div className={u.wrapAnywhere}>
          <Markdown>{answer.content}</Markdown>
        </div>
        <AttachmentList attachments={answer.attachments} />
        {answer.aiReason ? (
          <Text size="sm" c="dimmed" fs="italic" data-testid="ai-reason">
            AI: {answer.aiReason}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
