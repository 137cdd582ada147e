import { JOB_LIMITS } from '@agora/shared';
import { ActionIcon, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormValues, questionKey } from '../lib/job-form';

const ANSWERS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'any', label: 'Any' },
];

/**
 * Up to three yes/no questions every applicant answers. A required answer screens out the
 * applications that differ (kept, marked for the poster); "Any" only asks.
 */
export function ScreeningQuestionsField({ form }: { form: UseFormReturnType<FormValues> }) {
  const questions = form.values.screeningQuestions;
  const full = questions.length >= JOB_LIMITS.screeningQuestions;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Optional. Applicants answer each question with Yes or No. With a required answer, applications that
        answer otherwise are marked as screened out (you still see them).
      </Text>
      {questions.map((q, i) => (
        <Stack key={q.key} gap={6}>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={`Question ${i + 1}`}
              placeholder="e.g. Are you authorised to work in India?"
              maxLength={JOB_LIMITS.screeningQuestion}
              withAsterisk
              flex={1}
              {...form.getInputProps(`screeningQuestions.${i}.text`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              size="lg"
              aria-label={`Remove question ${i + 1}`}
              onClick={() => form.removeListItem('screeningQuestions', i)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <Group gap="sm" wrap="wrap">
            <Text size="sm" fw={500} id={`sq-answer-${q.key}`}>
              Required answer
            </Text>
            <SegmentedControl
              size="xs"
              data={ANSWERS}
              aria-labelledby={`sq-answer-${q.key}`}
              {...form.getInputProps(`screeningQuestions.${i}.requiredAnswer`)}
            />
          </Group>
        </Stack>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={full}
          onClick={() =>
            form.insertListItem('screeningQuestions', { key: questionKey(), text: '', requiredAnswer: 'any' })
          }
        >
          Add a question
        </Button>
        {full ? (
          <Text size="sm" c="dimmed">
            At most {JOB_LIMITS.screeningQuestions} questions
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
