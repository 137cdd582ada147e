import { MSG, type Question, QUESTION_TEXT } from '@agora/shared';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconCoin,
  IconCreditCard,
  IconRefresh,
  IconSparkles,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { rupees } from '../../../lib/money';
import { PaymentStep } from '../../payments/components/payment-step';
import { useDeleteQuestion, useRankAnswers, useToggleQuestionStatus } from '../api/question-mutations';
import { statusOf } from '../lib/format';
import { showErrorToast } from '../../../lib/toasts';

/**
 * The author's controls on one of their questions (spec 01 §6): an unpaid question offers paying
 * or deleting it, nothing else; a settled one stays closed.
 */
export function OwnQuestionActions({ q }: { q: Question }) {
  const toggleStatus = useToggleQuestionStatus();
  const rankAi = useRankAnswers();
  const del = useDeleteQuestion();
  const [paying, setPaying] = useState(false);
  const open = statusOf(q.status) === 'open';
  const unpaid = !q.isPaid && q.rewardAmount > 0;
  const settled = !!q.escrow && q.escrow.state !== 'held';

  const remove = () => {
    if (!window.confirm(`Delete "${q.title}"? It has not been paid for, so nothing is charged.`)) return;
    del.mutate(q);
  };

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {unpaid ? null : settled ? (
          <Text size="xs" c="dimmed">
            {q.escrow?.state === 'refunded' ? QUESTION_TEXT.rewardRefunded : QUESTION_TEXT.rewardPaidOut}.
          </Text>
        ) : q.status === 'closed' ? (
          <Text size="xs" c="dimmed">
            {QUESTION_TEXT.closedByModerator}.
          </Text>
        ) : (
          <Button
            size="xs"
            variant={open ? 'filled' : 'default'}
            color={open ? 'green' : undefined}
            leftSection={open ? <IconCheck size={14} /> : <IconRefresh size={14} />}
            loading={toggleStatus.isPending}
            onClick={() => toggleStatus.mutate(q)}
          >
            {open ? 'Mark as Answered' : 'Reopen Question'}
          </Button>
        )}
        {/* A paid-out reward is final: its ranking is the one the payout went by (the server refuses too). */}
        {q.answerCount > 1 && !unpaid && !settled && !q.rewardsDistributed ? (
          <Button
            size="xs"
            variant="light"
            color="grape"
            leftSection={<IconSparkles size={14} />}
            loading={rankAi.isPending}
            onClick={() => rankAi.mutate(q)}
          >
            {q.aiRanked ? MSG.rerankWithAi : MSG.rankWithAi}
          </Button>
        ) : null}
        {q.isPaid && q.answerCount > 0 ? (
          <Button
            size="xs"
            variant={q.rewardsDistributed ? 'default' : 'light'}
            color="teal"
            leftSection={<IconCoin size={14} />}
            component={Link}
            to={`/question/${q._id}/rewards`}
          >
            {q.rewardsDistributed ? 'Rewards Already Distributed' : 'Distribute Rewards'}
          </Button>
        ) : null}
        {!q.isPaid ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCreditCard size={14} />}
            onClick={() => setPaying(true)}
          >
            Pay {rupees(q.rewardAmount)}
          </Button>
        ) : null}
        {unpaid ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            loading={del.isPending}
            onClick={remove}
          >
            Delete
          </Button>
        ) : null}
      </Group>
      {paying ? (
        <PaymentStep
          questionId={q._id}
          amountRupees={Math.round(q.rewardAmount / 100)}
          onPaid={() => {
            // The payment's verification refreshed the question's lists and pages.
            setPaying(false);
            notifications.show({
              title: MSG.questionCreated,
              message: 'The reward is paid.',
              color: 'green',
            });
          }}
          onError={(title, message) => {
            setPaying(false);
            showErrorToast({ title, message });
          }}
          onCancel={() => setPaying(false)}
        />
      ) : null}
    </>
  );
}
