import { MSG, plural, type Question, QUESTION_TEXT } from '@agora/shared';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Collapse,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconCoin,
  IconCreditCard,
  IconCrown,
  IconEye,
  IconMessageCircle,
  IconPlus,
  IconRefresh,
  IconSparkles,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { StatCount } from '../../../components/stat-count';
import { EmptyState } from '../../../components/empty-state';
import { Markdown } from '../../../components/markdown';
import { RelativeTime } from '../../../components/relative-time';
import { useAuth } from '../../../lib/auth-store';
import { PaymentStep } from '../../payments/components/payment-step';
import { questionKeys } from '../api/keys';
import { useOwnQuestions } from '../api/list-questions';
import { useDeleteQuestion, useRankAnswers, useToggleQuestionStatus } from '../api/question-mutations';
import { AnswerCard } from '../components/answer-card';
import { AskQuestionForm } from '../components/ask-question-form';
import { EscrowStatus } from '../components/escrow-status';
import { RequireQuestioner } from '../components/require-questioner';
import { StatusBadge } from '../components/status-badge';
import { rupees } from '../../../lib/money';
import { statusOf } from '../lib/format';

function OwnQuestion({ q }: { q: Question }) {
  const qc = useQueryClient();
  const toggleStatus = useToggleQuestionStatus();
  const rankAi = useRankAnswers();
  const del = useDeleteQuestion();
  const [paying, setPaying] = useState(false);
  const [showAnswers, setShowAnswers] = useState(true);
  const open = statusOf(q.status) === 'open';
  // An unpaid question offers paying or deleting it, nothing else; a settled one stays closed.
  const unpaid = !q.isPaid && q.rewardAmount > 0;
  const settled = !!q.escrow && q.escrow.state !== 'held';

  const remove = () => {
    if (!window.confirm(`Delete "${q.title}"? It has not been paid for, so nothing is charged.`)) return;
    del.mutate(q);
  };

  return (
    <Card withBorder radius="md" padding="lg" component="article" data-testid="own-question">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Box style={{ flex: 1, minWidth: 220 }}>
            <Text
              component={Link}
              to={`/question/${q._id}`}
              fw={700}
              size="lg"
              style={{ overflowWrap: 'anywhere', textDecoration: 'none', color: 'inherit' }}
            >
              {q.title}
            </Text>
            <Group gap="xs" mt={4} wrap="wrap">
              <StatusBadge status={q.status} />
              <Badge variant="outline" color="gray" size="sm">
                {q.category}
              </Badge>
              {q.isPaid ? (
                <Badge
                  color="teal"
                  variant="light"
                  size="sm"
                  leftSection={<IconCoin size={12} aria-hidden />}
                >
                  Paid {rupees(q.paymentAmount ?? q.rewardAmount)}
                </Badge>
              ) : (
                <Badge color="orange" variant="light" size="sm">
                  Unpaid · {rupees(q.rewardAmount)}
                </Badge>
              )}
              {q.aiRanked ? (
                <Badge
                  color="grape"
                  variant="filled"
                  size="sm"
                  leftSection={<IconSparkles size={12} aria-hidden />}
                >
                  {MSG.aiRankedBadge}
                </Badge>
              ) : null}
              {q.hidden ? (
                <Badge color="red" variant="light" size="sm">
                  Hidden by a moderator
                </Badge>
              ) : null}
            </Group>
          </Box>
          <Group gap={12}>
            <StatCount
              icon={<IconEye size={14} aria-hidden />}
              count={q.views}
              noun="view"
              size="sm"
              dimmed
            />
            <StatCount
              icon={<IconMessageCircle size={14} aria-hidden />}
              count={q.answerCount}
              noun="answer"
              size="sm"
              dimmed
            />
            <Text size="sm" c="dimmed">
              <RelativeTime date={q.createdAt} />
            </Text>
          </Group>
        </Group>

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
              setPaying(false);
              notifications.show({
                title: MSG.questionCreated,
                message: 'The reward is paid.',
                color: 'green',
              });
              void qc.invalidateQueries({ queryKey: questionKeys.all });
            }}
            onError={(title, message) => {
              setPaying(false);
              notifications.show({ title, message, color: 'red' });
            }}
            onCancel={() => setPaying(false)}
          />
        ) : null}

        {q.escrow ? <EscrowStatus escrow={q.escrow} author /> : null}
        <Box style={{ overflowWrap: 'anywhere' }}>
          <Markdown>{q.description}</Markdown>
        </Box>

        {q.answers.length > 0 ? (
          <Stack gap="xs">
            <Group justify="space-between">
              <Alert
                color="yellow"
                variant="light"
                icon={<IconCrown size={16} />}
                title={MSG.authorPrivilege}
                py={6}
                style={{ flex: 1 }}
              >
                You can see all {plural(q.answerCount, 'answer')} to your question; answerers see only their
                own.
              </Alert>
            </Group>
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
        ) : (
          <Text size="sm" c="dimmed">
            No answers yet.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function PortalContent() {
  const { user } = useAuth();
  const [asking, setAsking] = useState(false);
  const own = useOwnQuestions(user?.id ?? null);
  const items = own.data?.pages.flatMap((p) => p.items) ?? [];
  const total = own.data?.pages[0]?.total ?? items.length;
  const { ref, entry } = useIntersection({ rootMargin: '400px' });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = own;
  useEffect(() => {
    if (entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [entry?.isIntersecting, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <Box px={{ base: 'sm', md: 'lg' }} py="md" maw={1000} mx="auto">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Box>
          <Title order={1} size="h2">
            Questioner Portal
          </Title>
          <Text c="dimmed">
            {total} question{total === 1 ? '' : 's'} asked
          </Text>
        </Box>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setAsking((v) => !v)}
          aria-expanded={asking}
        >
          Ask New Question
        </Button>
      </Group>
      <Collapse expanded={asking}>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" mb="lg">
          <Title order={2} size="h4" mb="sm">
            Ask New Question
          </Title>
          <AskQuestionForm mode="inline" onCancel={() => setAsking(false)} onDone={() => setAsking(false)} />
        </Paper>
      </Collapse>
      {own.isPending ? (
        <Stack>
          <Skeleton h={160} radius="md" />
          <Skeleton h={160} radius="md" />
        </Stack>
      ) : own.isError ? (
        <EmptyState title="Could not load your questions" description="Please try again in a moment." />
      ) : items.length === 0 ? (
        <EmptyState
          title="You haven't asked any questions yet"
          description="Ask one and pay its reward; answers will appear here."
          action={<Button onClick={() => setAsking(true)}>Ask New Question</Button>}
        />
      ) : (
        <Stack gap="md">
          {items.map((q) => (
            <OwnQuestion key={q._id} q={q} />
          ))}
          <div ref={ref}>
            {own.hasNextPage ? (
              <Center py="sm">
                {own.isFetchingNextPage ? (
                  <Loader size="sm" />
                ) : (
                  <Button variant="subtle" onClick={() => void own.fetchNextPage()}>
                    Load more
                  </Button>
                )}
              </Center>
            ) : null}
          </div>
        </Stack>
      )}
    </Box>
  );
}

/** /questioner-portal — spec 01 §2: own questions with their answers and the author's controls. */
export function QuestionerPortalPage() {
  return (
    <RequireQuestioner>
      <PortalContent />
    </RequireQuestioner>
  );
}
