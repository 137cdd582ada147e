import { MSG, type Question } from '@agora/shared';
import { Badge, Box, Card, Group, Stack, Text } from '@mantine/core';
import { IconCoin, IconEye, IconMessageCircle, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Markdown } from '../../../components/markdown';
import { RelativeTime } from '../../../components/relative-time';
import { StatCount } from '../../../components/stat-count';
import { rupees } from '../../../lib/money';
import { EscrowStatus } from './escrow-status';
import { OwnQuestionActions } from './own-question-actions';
import { OwnQuestionAnswers } from './own-question-answers';
import classes from './question-text.module.css';
import { StatusBadge } from './status-badge';

/** The badges under an own question's title: status, category, payment, AI ranking, moderation. */
function OwnQuestionBadges({ q }: { q: Question }) {
  return (
    <Group gap="xs" mt={4} wrap="wrap">
      <StatusBadge status={q.status} />
      <Badge variant="outline" color="gray" size="sm">
        {q.category}
      </Badge>
      {q.isPaid ? (
        <Badge color="teal" variant="light" size="sm" leftSection={<IconCoin size={12} aria-hidden />}>
          Paid {rupees(q.paymentAmount ?? q.rewardAmount)}
        </Badge>
      ) : (
        <Badge color="orange" variant="light" size="sm">
          Unpaid · {rupees(q.rewardAmount)}
        </Badge>
      )}
      {q.aiRanked ? (
        <Badge color="grape" variant="filled" size="sm" leftSection={<IconSparkles size={12} aria-hidden />}>
          {MSG.aiRankedBadge}
        </Badge>
      ) : null}
      {q.hidden ? (
        <Badge color="red" variant="light" size="sm">
          Hidden by a moderator
        </Badge>
      ) : null}
    </Group>
  );
}

/** One of the author's questions in the Questioner Portal (spec 01 §2), with all its answers. */
export function OwnQuestionCard({ q }: { q: Question }) {
  return (
    <Card withBorder radius="md" padding="lg" component="article" data-testid="own-question">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Box flex={1} miw={220}>
            <Text component={Link} to={`/question/${q._id}`} fw={700} size="lg" className={classes.titleLink}>
              {q.title}
            </Text>
            <OwnQuestionBadges q={q} />
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
        <OwnQuestionActions q={q} />
        {q.escrow ? <EscrowStatus escrow={q.escrow} author /> : null}
        <Box className={classes.wrap}>
          <Markdown>{q.description}</Markdown>
        </Box>
        <OwnQuestionAnswers q={q} />
      </Stack>
    </Card>
  );
}
