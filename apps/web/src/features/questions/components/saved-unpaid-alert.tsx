import type { Question } from '@agora/shared';
import { Alert, Anchor, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { rupees } from '../../../lib/money';

interface SavedUnpaidAlertProps {
  question: Question;
  /** Whole rupees, as typed in the form. */
  amount: number;
  deleting: boolean;
  onDiscard: () => void;
}

/** The ask form's saved question whose checkout did not complete: pay it, later, or delete it. */
export function SavedUnpaidAlert({ question, amount, deleting, onDiscard }: SavedUnpaidAlertProps) {
  return (
    <Alert color="yellow" title="Payment not completed" data-testid="saved-unpaid">
      <Text size="sm">
        “{question.title}” is saved but not paid yet, so nobody can see it. Pay {rupees(amount * 100)} to
        publish it, pay later from the{' '}
        <Anchor component={Link} to="/questioner-portal">
          Questioner Portal
        </Anchor>
        , or delete it.
      </Text>
      <Button size="xs" mt="xs" variant="default" color="red" loading={deleting} onClick={onDiscard}>
        Delete it and start over
      </Button>
    </Alert>
  );
}
