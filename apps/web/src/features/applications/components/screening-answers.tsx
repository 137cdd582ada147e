import type { Application, ScreeningQuestion } from '@agora/shared';
import { Badge, Group, Stack, Text } from '@mantine/core';
import classes from './applications.module.css';

/** The applicant's answers beside the job's questions; an answer the job does not accept stands out. */
export function ScreeningAnswers({
  answers,
  questions,
}: {
  answers: Application['answers'];
  questions: readonly ScreeningQuestion[];
}) {
  if (!answers.length) return null;
  return (
    <Stack gap={6}>
      {answers.map((a) => {
        const q = questions.find((x) => x._id === a.questionId);
        const mismatch = Boolean(q?.requiredAnswer && q.requiredAnswer !== a.answer);
        return (
          <Group
            key={a.questionId}
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            align="flex-start"
            className={mismatch ? classes.mismatch : undefined}
            data-mismatch={mismatch || undefined}
          >
            <Text size="sm" className={classes.wrap}>
              {q?.text ?? 'A question no longer on the job'}
            </Text>
            <Stack gap={0} align="flex-end" className={classes.answer}>
              <Badge variant="outline" color={mismatch ? 'red.9' : 'gray'}>
                {a.answer === 'yes' ? 'Yes' : 'No'}
              </Badge>
              {mismatch && q?.requiredAnswer ? (
                <Text size="xs" c="dimmed">
                  needs {q.requiredAnswer === 'yes' ? 'Yes' : 'No'}
                </Text>
              ) : null}
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}
