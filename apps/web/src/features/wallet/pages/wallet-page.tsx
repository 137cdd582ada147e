import { MSG } from '@agora/shared';
import { Alert, Button, Container, Group, Skeleton, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useAuth } from '../../../lib/auth-store';
import { useTransactions } from '../api/get-transactions';
import { useWallet } from '../api/get-wallet';
import { useWithdrawals } from '../api/get-withdrawals';
import { BalanceCards } from '../components/balance-cards';
import { PaymentDetailsCard } from '../components/payment-details-card';
import { TransactionList } from '../components/transaction-list';
import { WithdrawDialog } from '../components/withdraw-dialog';
import { WithdrawalTimeline } from '../components/withdrawal-timeline';
import { showErrorToast } from '../../../lib/toasts';

function BackLink() {
  return (
    <Button
      component={Link}
      to="/questions"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      px={0}
    >
      Back to Questions
    </Button>
  );
}

/** /wallet 'My Wallet' (spec 01 §2): balance, total earned, withdraw, payout details, history. */
export function WalletPage() {
  const _navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  const wallet = useWallet(isLoggedIn);
  const history = useTransactions(isLoggedIn);
  const withdrawals = useWithdrawals(isLoggedIn);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const [editingDetails, setEditingDetails] = useState(false);

  if (!isLoggedIn) return null;

  if (wallet.isError) {
    return (
      <Container size="md" py={{ base: 32, sm: 56 }}>
        <EmptyState
          icon={<IconAlertCircle size={28} />}
          title="Failed to load wallet data"
          description="Please check your connection and try again."
          action={
            <Group>
              <Button onClick={() => void wallet.refetch()}>Try again</Button>
              <BackLink />
            </Group>
          }
        />
      </Container>
    );
  }

  const w = wallet.data;
  const destinations = [
    ...(w?.upiId ? [{ method: 'upi' as const, label: `UPI ID ${w.upiId}` }] : []),
    ...(w?.bankAccount
      ? [{ method: 'bank' as const, label: `bank account ${w.bankAccount.accountNumber}` }]
      : []),
  ];

  // spec 01 §4: the dialog opens only with payout details and a balance above 0.
  const openWithdraw = () => {
    if (!w) return;
    if (!w.upiId && !w.bankAccount) {
      showErrorToast({ title: 'Payment details needed', message: MSG.addPayoutFirst });
      setEditingDetails(true);
      return;
    }
    if (w.balance <= 0) {
      showErrorToast({ title: 'Nothing to withdraw', message: MSG.noBalance });
      return;
    }
    setWithdrawOpen(true);
  };

  return (
    <Container size="md" py={{ base: 24, sm: 48 }}>
      <Stack gap="lg">
        <div>
          <BackLink />
          <Title order={1} mt="xs">
            My Wallet
          </Title>
        </div>
        {!w ? (
          <Stack gap="md" aria-busy="true">
            <Skeleton h={150} radius="lg" />
            <Skeleton h={160} radius="lg" />
            <Skeleton h={220} radius="lg" />
          </Stack>
        ) : (
          <>
            <BalanceCards balance={w.balance} totalEarned={w.totalEarned} onWithdraw={openWithdraw} />
            <PaymentDetailsCard wallet={w} editing={editingDetails} onEditingChange={setEditingDetails} />
            {withdrawals.data ? <WithdrawalTimeline withdrawals={withdrawals.data} /> : null}
            {history.isError ? (
              <Alert color="red" icon={<IconAlertCircle size={20} />}>
                Failed to load your transactions.{' '}
                <Button variant="subtle" size="compact-sm" onClick={() => void history.refetch()}>
                  Try again
                </Button>
              </Alert>
            ) : history.data ? (
              <TransactionList
                transactions={history.data.pages.flatMap((p) => p.items)}
                hasMore={Boolean(history.hasNextPage)}
                loadingMore={history.isFetchingNextPage}
                onLoadMore={() => void history.fetchNextPage()}
              />
            ) : (
              <Skeleton h={220} radius="lg" />
            )}
            <WithdrawDialog
              opened={withdrawOpen}
              balance={w.balance}
              destinations={destinations}
              onClose={() => setWithdrawOpen(false)}
              onDone={(message) => {
                setWithdrawOpen(false);
                notifications.show({ title: 'Withdrawal requested', message, color: 'teal' });
              }}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}
