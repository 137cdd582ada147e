import { MSG, QUESTION_TEXT, type Question } from '@agora/shared';
import { Alert, Anchor, Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconCrown, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { STORAGE_KEYS, setRedirectAfterLogin } from '../../../lib/auth-store';
import { rupees } from '../../../lib/money';
import { useRefreshAfterAnswer } from '../api/question-mutations';
import { statusOf } from '../lib/format';
import { AnswerCard } from './answer-card';
import { AnswerForm } from './answer-form';

function SignInToAnswer({ questionId }: { questionId: string }) {
  const navigate = useNavigate();
  return (
    <Alert icon={<IconLock size={18} />} color="blue" variant="light" title={MSG.signInToAnswer}>
      <Text size="sm" mb="xs">
        Sign in to answer this question and to see your own answer.
      </Text>
      <Button
        size="xs"
        onClick={() => {
          setRedirectAfterLogin(`/questions?question=${questionId}`);
          localStorage.setItem(STORAGE_KEYS.redirectQuestionId, questionId);
          navigate('/login');
        }}
      >
        {MSG.signInToAnswer}
      </Button>
    </Alert>
  );
}

interface QuestionAnswersProps {
  q: Question;
  viewerId: string | null;
  mode: 'panel' | 'page';
}

/**
 * The answers this viewer may see (the author all of them, an answerer their own) and what they may
 * do next: answer in the panel, sign in, or read why answers are closed.
 */
export function QuestionAnswers({ q, viewerId, mode }: QuestionAnswersProps) {
  const refresh = useRefreshAfterAnswer(q._id);
  const [forceAnswered, setForceAnswered] = useState(false);
  const isAuthor = viewerId === q.author.id;
  const mine = q.answers.find((a) => a.authorId === viewerId);
  const open = statusOf(q.status) === 'open';
  // Why nobody can answer (anyone, signed in or not): the reward was settled, its deadline passed
  // (the server refuses answers from then on, before the settlement runs), or the question closed.
  const closedReason =
    q.escrow?.state === 'refunded'
      ? QUESTION_TEXT.rewardRefunded
      : q.escrow && q.escrow.state !== 'held'
        ? QUESTION_TEXT.rewardPaidOut
        : q.escrow && new Date(q.escrow.deadline).getTime() <= Date.now()
          ? QUESTION_TEXT.answersAfterDeadline
          : !open
            ? QUESTION_TEXT.questionClosed
            : null;

  return (
    <Stack gap="sm" component="section" aria-labelledby={`answers-${q._id}`}>
      <Group justify="space-between">
        <Title order={3} size="h4" id={`answers-${q._id}`}>
          Answers ({q.answerCount})
        </Title>
        {isAuthor ? (
          <Badge color="yellow" variant="light" leftSection={<IconCrown size={12} aria-hidden />}>
            {MSG.authorPrivilege}
          </Badge>
        ) : null}
      </Group>
      {isAuthor && !q.isPaid && q.rewardAmount > 0 ? (
        <Alert color="yellow" variant="light" title="Only you can see this question">
          It is listed for answerers once its {rupees(q.rewardAmount)} reward is paid.{' '}
          <Anchor component={Link} to={`/question/${q._id}/rewards`}>
            Pay the reward
          </Anchor>
        </Alert>
      ) : null}
      {isAuthor ? (
        <Text size="sm" c="dimmed">
          As the author you see every answer. Rank them and distribute the reward in the{' '}
          <Anchor component={Link} to="/questioner-portal">
            Questioner Portal
          </Anchor>
          .
        </Text>
      ) : viewerId ? (
        q.answerCount > (mine ? 1 : 0) ? (
          <Text size="sm" c="dimmed">
            Other people's answers are visible only to the question's author.
          </Text>
        ) : null
      ) : null}
      {q.answers.map((a) => (
        <AnswerCard key={a._id} answer={a} mine={a.authorId === viewerId} />
      ))}
      {isAuthor ? null : closedReason ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="answers-closed">
          {closedReason}
        </Alert>
      ) : !viewerId ? (
        <SignInToAnswer questionId={q._id} />
      ) : mine || forceAnswered ? (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          title={MSG.alreadyAnsweredTitle}
        >
          {MSG.alreadyAnswered}
        </Alert>
      ) : mode === 'panel' ? (
        <>
          <Divider />
          <AnswerForm
            questionId={q._id}
            onSubmitted={refresh.soon}
            onAlreadyAnswered={() => {
              setForceAnswered(true);
              refresh.soon();
            }}
            onClosed={refresh.now}
          />
        </>
      ) : (
        <Button component={Link} to={`/questions?question=${q._id}`} w="fit-content">
          Answer This Question
        </Button>
      )}
    </Stack>
  );
}
