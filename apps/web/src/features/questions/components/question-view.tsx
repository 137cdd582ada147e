import { MSG, QUESTION_TEXT } from '@agora/shared';
import {
  Alert,
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
import { IconArrowLeft, IconEye, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Markdown } from '../../../components/markdown';
import { RelativeTime } from '../../../components/relative-time';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { rupees } from '../../../lib/money';
import { useQuestion } from '../api/get-question';
import { EscrowStatus } from './escrow-status';
import { QuestionAnswers } from './question-answers';
import classes from './question-text.module.css';
import { StatusBadge } from './status-badge';

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
          <Title order={HeadingTag} size={mode === 'page' ? 'h2' : 'h3'} className={classes.wrap}>
            {q.title}
          </Title>
          {onClose ? <CloseButton onClick={onClose} aria-label="Close question" flex="none" /> : null}
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
      <div className={classes.wrap}>
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
          <Text size="sm" className={classes.preWrap}>
            {q.acceptanceCriteria}
          </Text>
        </Alert>
      ) : null}
      <Divider />
      <QuestionAnswers q={q} viewerId={viewerId} mode={mode} />
    </Stack>
  );
}
