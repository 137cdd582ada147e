import { MSG, plural, type Question } from '@agora/shared';
import { Alert, Button, Collapse, Stack, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { useState } from 'react';
import { AnswerCard } from './answer-card';

/** Every answer to the author's own question (answerers see only their own), folded on demand. */
export function OwnQuestionAnswers({ q }: { q: Question }) {
  const [showAnswers, setShowAnswers] = useState(true);
  if (q.answers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No answers yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Alert color="yellow" variant="light" icon={<IconCrown size={16} />} title={MSG.authorPrivilege} py={6}>
        You can see all {plural(q.answerCount, 'answer')} to your question; answerers see only their own.
      </Alert>
      <Button
        variant="subtle"
        size="compact-sm"
        w="fit-content"
        onClick={() => setShowAnswers((v) => !v)}
        aria-expanded={showAnswers}
      >
        {showAnswers ? 'Hide answers' : `Show ${plural(q.answers.length, 'answer')}`}
      </Button>
      <Collapse expanded={showAnswers}>
        <Stack gap="sm">
          {q.answers.map((a) => (
            <AnswerCard key={a._id} answer={a} />
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}
