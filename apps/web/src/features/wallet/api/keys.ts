/** Query keys of the wallet area (only the queryOptions factories use them). */
export const walletKeys = {
  all: ['wallet'] as const,
  wallet: () => [...walletKeys.all, 'summary'] as const,
  transactions: () => [...walletKeys.all, 'transactions'] as const,
  withdrawals: () => [...walletKeys.all, 'withdrawals'] as const,
  rewards: (questionId: string) => ['rewards', questionId] as const,
};
