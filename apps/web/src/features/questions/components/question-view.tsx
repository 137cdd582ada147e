import { MSG, QUESTION_TEXT, type Question } from '@agora/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  CloseButton,
  Divider,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCrown, IconEye, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RelativeTime } from '../../../components/relative-time';
import { EmptyState } from '../../../components/empty-state';
import { Markdown } from '../../../components/markdown';
import { ApiError } from '../../../lib/api-client';
import { STORAGE_KEYS, setRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import { useQuestion } from '../api/get-question';
import { questionKeys } from '../api/keys';
import { rupees } from '../../../lib/money';
import { statusOf } from '../lib/format';
import { AnswerCard } from './answer-card';
import { AnswerForm } from './answer-form';
import { EscrowStatus } from './escrow-status';
import { StatusBadge } from './status-badge';

/** spec 01 §4: the question is fetched again 500 ms after an answer is submitted. */
const REFETCH_AFTER_ANSWER_MS = 500;

export function QuestionNotFound({ failed }: { failed?: boolean }) {
  return (
    <EmptyState
      title={failed ? MSG.failedToLoadQuestion : MSG.questionNotFoundTitle}
      description={failed ? 'Please try again in a moment.' : MSG.questionNotFound}
      action={
        <Button component={Link} to="/questions" variant="light" leftSection={<IconArrowLeft size={16} />}>
          Back to questions
        </Button>
      }
    />
  );
}

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

function Answers({ q, viewerId, mode }: { q: Question; viewerId: string | null; mode: 'panel' | 'page' }) {
  const qc = useQueryClient();
  const [forceAnswered, setForceAnswered] = useState(false);
  const timer = useRef<number | null>(null);
  useEffect(() => () => void (timer.current && window.clearTimeout(timer.current)), []);
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

  const refetchNow = () => {
    void qc.invalidateQueries({ queryKey: [...questionKeys.details(), q._id] });
    void qc.invalidateQueries({ queryKey: questionKeys.lists() });
  };
  const refetchSoon = () => {
    timer.current = window.setTimeout(() => {
      void qc.invalidateQueries({ queryKey: [...questionKeys.details(), q._id] });
      void qc.invalidateQueries({ queryKey: questionKeys.lists() });
      void qc.invalidateQueries({ queryKey: questionKeys.categories() });
    }, REFETCH_AFTER_ANSWER_MS);
  };

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
            onSubmitted={refetchSoon}
            onAlreadyAnswered={() => {
              setForceAnswered(true);
              refetchSoon();
            }}
            onClosed={refetchNow}
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

export interface QuestionViewProps {
  id: string;
  mode: 'panel' | 'page';
  onClose?: () => void;
}

/** A question with the answers this viewer may see (server-decided) and, in the panel, the answer form. */
export function QuestionView({ id, mode, onClose }: QuestionViewProps) {
  const { user, isLoggedIn } = useAuth();
  const viewerId = isLoggedIn ? (user?.id ?? null) : null;
  const query = useQuestion(id, viewerId ?? 'visitor');
  if (query.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label="Loading question" />
      </Group>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return <QuestionNotFound failed={!notFound} />;
  }
  const q = query.data;
  const HeadingTag = mode === 'page' ? 1 : 2;
  return (
    <Stack gap="md" p={mode === 'panel' ? 'md' : 0} data-testid="question-view">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={HeadingTag} size={mode === 'page' ? 'h2' : 'h3'} style={{ overflowWrap: 'anywhere' }}>
            {q.title}
          </Title>
          {onClose ? (
            <CloseButton onClick={onClose} aria-label="Close question" style={{ flexShrink: 0 }} />
          ) : null}
        </Group>
        <Group gap="xs" wrap="wrap">
          <StatusBadge status={q.status} />
          <Badge variant="outline" color="gray" size="sm">
            {q.category}
          </Badge>
          {q.isPaid && q.paymentAmount ? (
            <Badge variant="light" size="sm" color={q.rewardsDistributed ? 'gray' : 'teal'}>
              {/* Once shared out, nothing is left to win: say so rather than advertise it. */}
              {rupees(q.paymentAmount)} {q.rewardsDistributed ? 'reward distributed' : 'reward'}
            </Badge>
          ) : q.rewardAmount > 0 ? (
            <Badge variant="light" color="orange" size="sm">
              Unpaid · {rupees(q.rewardAmount)}
            </Badge>
          ) : null}
          {q.aiRanked ? (
            <Badge variant="light" color="grape" size="sm">
              {MSG.aiRankedBadge}
            </Badge>
          ) : null}
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="sm" c="dimmed">
            Asked by <b>{q.author.displayName}</b> <RelativeTime date={q.createdAt} />
          </Text>
          <Group gap={4}>
            <IconEye size={14} aria-hidden />
            <Text size="sm" c="dimmed">
              {q.views} {q.views === 1 ? 'view' : 'views'}
            </Text>
          </Group>
        </Group>
      </Stack>
      {q.escrow ? <EscrowStatus escrow={q.escrow} author={viewerId === q.author.id} /> : null}
      <div style={{ overflowWrap: 'anywhere' }}>
        <Markdown>{q.description}</Markdown>
      </div>
      {q.image ? (
        <Image src={q.image} alt={`Image for ${q.title}`} radius="md" mah={360} fit="contain" w="auto" />
      ) : null}
      {q.ideaId ? (
        <Text size="sm" data-testid="question-idea-link">
          A bounty offered from{' '}
          <Text span component={Link} to={`/idea/${q.ideaId}`} c="blue" td="underline">
            an idea in the Innovators Space
          </Text>
        </Text>
      ) : null}
      {/* The asker's stated criteria: read before answering, above the answers and the answer form. */}
      {q.acceptanceCriteria ? (
        <Alert
          variant="light"
          color="blue"
          icon={<IconInfoCircle size={18} />}
          title={QUESTION_TEXT.acceptanceCriteriaHeading}
          data-testid="acceptance-criteria"
        >
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {q.acceptanceCriteria}
          </Text>
        </Alert>
      ) : null}
      <Divider />
      <Answers q={q} viewerId={viewerId} mode={mode} />
    </Stack>
  );
}
