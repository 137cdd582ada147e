import { shortDate, type WalletTransaction } from '@agora/shared';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { rupees } from '../../../lib/money';
import u from '../../../components/utilities.module.css';
import classes from './rewards.module.css';

/** spec 01 §3: completed green, pending yellow, anything else shown as failed in red. */
function statusBadge(status: string) {
  if (status === 'completed') return { color: 'green', label: 'completed' };
  if (status === 'pending') return { color: 'yellow', label: 'pending' };
  return { color: 'red', label: 'failed' };
}

export interface TransactionListProps {
  transactions: WalletTransaction[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

export function TransactionList({ transactions, hasMore, loadingMore, onLoadMore }: TransactionListProps) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h4" mb="md">
        Transaction History
      </Title>
      {transactions.length === 0 ? (
        <EmptyState
          icon={<IconReceipt size={28} />}
          title="No transactions yet"
          description="Rewards for your answers and your withdrawals will appear here."
        />
      ) : (
        <Stack gap={0} component="ul" className={u.plainList} aria-label="Transactions">
          {transactions.map((t) => {
            // Money in: rewards, refunds and hackathon prizes; withdrawals take it out.
            const credit = t.type === 'reward' || t.type === 'refund' || t.type === 'hackathon-prize';
            const badge = statusBadge(t.status);
            return (
              <Group
                component="li"
                key={t._id}
                justify="space-between"
                wrap="nowrap"
                align="flex-start"
                py="sm"
                data-testid="transaction"
                className={classes.transaction}
              >
                <div className={u.minW0}>
                  <Text fw={600} className={u.wrapAnywhere}>
                    {t.description || (credit ? 'Reward' : 'Withdrawal')}
                  </Text>
                  {t.questionTitle ? (
                    <Text size="sm" c="dimmed" lineClamp={1}>
                      {t.questionTitle}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {shortDate(t.createdAt)}
                  </Text>
                </div>
                <Stack gap={4} align="flex-end" className={u.noShrink}>
                  <Text
                    fw={700}
                    c={badge.label === 'failed' ? 'dimmed' : credit ? 'teal.9' : 'red.9'}
                    // A failed entry never moved money: shown, but struck through.
                    td={badge.label === 'failed' ? 'line-through' : undefined}
                    data-testid="transaction-amount"
                  >
                    {credit ? '+' : '-'}
                    {rupees(t.amount)}
                  </Text>
                  <Badge color={badge.color} variant="light" data-testid="transaction-status">
                    {badge.label}
                  </Badge>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}
      {hasMore ? (
        <Button variant="subtle" mt="sm" onClick={onLoadMore} loading={loadingMore}>
          Load more
        </Button>
      ) : null}
    </Card>
  );
}
