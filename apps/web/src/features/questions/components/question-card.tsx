import type { Question } from '@agora/shared';
import { Anchor, Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconEye, IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatCount } from '../../../components/stat-count';
import { RelativeTime } from '../../../components/relative-time';
import { rupees } from '../../../lib/money';
import { plainExcerpt } from '../lib/format';
import { EscrowCountdown } from './escrow-countdown';
import { StatusBadge } from './status-badge';
import u from '../../../components/utilities.module.css';
import classes from './question-card.module.css';

export interface QuestionCardProps {
  question: Question;
  selected: boolean;
  onSelect: (id: string) => void;
}

/** spec 01 §2: title, status, description, category, views, answer count, date, View Details. */
export function QuestionCard({ question: q, selected, onSelect }: QuestionCardProps) {
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      data-testid="question-card"
      className={classes.card}
      data-selected={selected || undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <UnstyledButton
            onClick={() => onSelect(q._id)}
            aria-current={selected ? 'true' : undefined}
            flex={1}
            miw={0}
          >
            <Text fw={600} lineClamp={2} className={u.wrapAnywhere}>
              {q.title}
            </Text>
          </UnstyledButton>
          <StatusBadge status={q.status} />
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2} className={u.wrapAnywhere}>
          {plainExcerpt(q.description)}
        </Text>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Badge variant="outline" size="sm" color="gray">
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
            {/* A reward still to be won: how long is left to answer for it. */}
            {q.escrow?.state === 'held' && q.status === 'open' ? (
              <EscrowCountdown deadline={q.escrow.deadline} />
            ) : null}
            <StatCount
              icon={<IconEye size={14} aria-hidden />}
              count={q.views}
              noun="view"
              size="xs"
              dimmed
            />
            <StatCount
              icon={<IconMessageCircle size={14} aria-hidden />}
              count={q.answerCount}
              noun="answer"
              size="xs"
              dimmed
            />
            <Text size="xs" c="dimmed">
              <RelativeTime date={q.createdAt} />
            </Text>
          </Group>
          <Anchor
            component={Link}
            to={`/question/${q._id}`}
            size="sm"
            aria-label={`View details of ${q.title}`}
          >
            View Details
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
