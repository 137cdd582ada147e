import { QUESTION_TEXT, type RewardView } from '@agora/shared';
import { Alert, Badge, Card, Group, Text, Title } from '@mantine/core';
import classes from './rewards.module.css';

/** The question whose reward is being shared out: category, paid or not, its words and criteria. */
export function RewardQuestionCard({ question }: { question: RewardView['question'] }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group gap="xs" mb={6}>
        <Badge variant="light">{question.category}</Badge>
        <Badge variant="light" color={question.isPaid ? 'teal' : 'gray'}>
          {question.isPaid ? 'Paid' : 'Not paid'}
        </Badge>
      </Group>
      <Title order={2} size="h3" className={classes.wrap} data-testid="reward-question-title">
        {question.title}
      </Title>
      <Text c="dimmed" mt={6} lineClamp={3} className={classes.preWrap}>
        {question.description}
      </Text>
      {question.acceptanceCriteria ? (
        <Alert variant="light" color="blue" mt="sm" title={QUESTION_TEXT.acceptanceCriteriaHeading}>
          <Text size="sm" className={classes.preWrap} data-testid="acceptance-criteria">
            {question.acceptanceCriteria}
          </Text>
        </Alert>
      ) : null}
    </Card>
  );
}
