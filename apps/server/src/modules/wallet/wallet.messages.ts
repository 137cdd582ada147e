import { QUESTION_TEXT } from '@agora/shared';

/** The wallet's own messages (the spec's live in MSG). */
export const WALLET_MSG = {
  notAuthor: "Only the question's author can distribute its rewards",
  notPaid: 'Rewards can only be distributed for a paid question',
  alreadyDistributed: QUESTION_TEXT.distributeSettled,
  percentages: 'Reward percentages must be whole numbers that add up to 100',
  duplicateAnswer: 'Each answer can be rewarded only once',
  foreignAnswer: 'Each rewarded answer must belong to this question',
  wrongAnswerer: 'The answerer must be the author of the rewarded answer',
  invalidUpi: 'Please enter a valid UPI ID (for example name@bank)',
  invalidIfsc: 'Please enter a valid IFSC code (for example SBIN0001234)',
  invalidAccountNumber: 'Please enter a valid bank account number (6 to 18 digits)',
  incompleteBank: 'Please fill in all four bank account fields, or leave them all empty',
  requestIdReused: 'This withdrawal request id was already used for a different amount',
  withdrawalNotFound: 'Withdrawal not found',
  withdrawalCompleted: 'This withdrawal has already been completed',
  withdrawalFailed: 'This withdrawal has already been marked failed',
} as const;
