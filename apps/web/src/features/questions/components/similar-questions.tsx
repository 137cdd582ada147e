import { plural } from '@agora/shared';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSimilarQuestions } from '../api/similar-questions';
import classes from './ask-question-form.module.css';
import { StatusBadge } from './status-badge';

/** Questions already asked that share words with the title being typed, so the asker can look first. */
export function SimilarQuestions({ title }: { title: string }) {
  const [q] = useDebouncedValue(title.trim(), 350);
  const similar = useSimilarQuestions(q);
  const items = q.length >= 4 ? (similar.data ?? []) : [];
  if (items.length === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0" aria-live="polite" data-testid="similar-questions">
      <Group gap={6} mb={4}>
        <IconSearch size={14} aria-hidden />
        <Text size="sm" fw={600}>
          Similar questions already asked
        </Text>
      </Group>
      <Stack gap={4} component="ul" p={0} m={0} className={classes.plainList}>
        {items.map((s) => (
          <Group component="li" key={s._id} gap="xs" wrap="nowrap">
            <Anchor component={Link} to={`/question/${s._id}`} target="_blank" size="sm" lineClamp={1}>
              {s.title}
            </Anchor>
            <StatusBadge status={s.status} />
            <Badge size="xs" variant="light" color="gray">
              {plural(s.answerCount, 'answer')}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
