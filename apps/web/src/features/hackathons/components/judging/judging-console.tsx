import type { JudgingQueue } from '@agora/shared';
import {
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useState } from 'react';
import { useScoreSubmission } from '../../api/judging';
import { ScoreSheet } from './score-sheet';
import classes from './judging-console.module.css';

/** A judge's console: the submissions left to score, one sheet at a time, moving on after each save. */
export function JudgingConsole({ hackathonId, queue }: { hackathonId: string; queue: JudgingQueue }) {
  const score = useScoreSubmission(hackathonId);
  const firstOpen = queue.items.findIndex((i) => !i.myScore);
  const [index, setIndex] = useState(firstOpen === -1 ? 0 : firstOpen);
  const item = queue.items[index];
  const left = queue.items.filter((i) => !i.myScore).length;

  const save = (scores: Record<string, number>, comment: string) => {
    if (!item) return;
    score.mutate(
      { sid: item.submissionId, body: { scores, ...(comment ? { comment } : {}) } },
      {
        onSuccess: () => {
          // The next one without a sheet after this one, else the next in the list.
          const after = queue.items.findIndex((i, n) => n > index && !i.myScore);
          const before = queue.items.findIndex((i, n) => n < index && !i.myScore);
          const next = after !== -1 ? after : before !== -1 ? before : index;
          setIndex(next);
        },
      },
    );
  };

  if (queue.items.length === 0) {
    return <Text c="dimmed">No submissions are assigned to you.</Text>;
  }
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder p="md" radius="md" component="nav" aria-label="Submissions to score">
          <Title order={4}>Progress</Title>
          <Text size="sm" mb={6} data-testid="judge-progress">
            {queue.scored} of {queue.assigned} scored · {left} left
          </Text>
          <Progress value={queue.assigned ? (queue.scored / queue.assigned) * 100 : 0} mb="sm" />
          <Stack gap={4}>
            {queue.items.map((i, n) => (
              <UnstyledButton
                key={i.submissionId}
                onClick={() => setIndex(n)}
                aria-current={n === index ? 'true' : undefined}
                p={6}
                className={classes.queueItem}
              >
                <Group gap={6} wrap="nowrap">
                  {i.myScore ? (
                    <IconCircleCheck size={16} color="var(--mantine-color-green-6)" aria-label="Scored" />
                  ) : (
                    <IconCircleDashed size={16} aria-label="Not scored" />
                  )}
                  <Text size="sm" truncate>
                    {i.projectTitle}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        {item ? (
          <Stack gap="xs">
            <Group justify="space-between">
              <Badge variant="light" tt="none">
                {index + 1} of {queue.items.length}
              </Badge>
              {left === 0 ? (
                <Badge color="green" tt="none">
                  All scored
                </Badge>
              ) : null}
            </Group>
            <ScoreSheet
              key={item.submissionId}
              item={item}
              criteria={queue.criteria}
              saving={score.isPending}
              onSave={save}
            />
            <Group justify="space-between">
              <Button variant="default" size="xs" disabled={index === 0} onClick={() => setIndex(index - 1)}>
                Previous
              </Button>
              <Button
                variant="default"
                size="xs"
                disabled={index === queue.items.length - 1}
                onClick={() => setIndex(index + 1)}
              >
                Skip
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Grid.Col>
    </Grid>
  );
}
