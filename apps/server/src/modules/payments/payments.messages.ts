/** What the payer reads when paying for a question or a prize pool goes wrong or is refunded. */
export const PAYMENT_MSG = {
  notAuthor: "Only the question's author can pay for it",
  alreadyPaid: 'This question has already been paid for',
  orderNotFound: 'Payment order not found',
  orderPaid: 'This order has already been paid',
  wrongQuestion: 'This payment does not belong to this question',
  badSignature: 'Payment verification failed. Please contact support.',
  paymentUsed: 'This payment has already been used',
  orderInProgress: 'A checkout for this question is being started. Please try again in a moment.',
  duplicateRefunded:
    'This question had already been paid for, so this payment has been added to your wallet. You can withdraw it from My Wallet.',
  deletedRefunded:
    'This question was deleted before the payment arrived, so the payment has been added to your wallet. You can withdraw it from My Wallet.',
  expiredRefunded:
    'This checkout had expired and a newer one was started, so this payment has been added to your wallet. You can withdraw it from My Wallet.',
  belowMinimum: (min: number) => `The minimum reward is ₹${min}`,
  hackathonNotFound: 'Hackathon not found',
  notOrganizer: 'Only the organizer can fund the prize pool',
  notApproved: 'The prize pool can be funded once the hackathon is approved',
  resultsPublished: 'The results of this hackathon are published: its prize pool can no longer be funded',
  prizeAlreadyHeld: 'This hackathon’s prize pool has already been paid for',
  prizeBelowMinimum: (min: number) => `The minimum prize pool is ₹${min}`,
  wrongHackathon: 'This payment does not belong to this hackathon',
  prizeRefunded:
    'This hackathon could no longer take this prize pool (it was already funded, or its results or review came first), so this payment has been added to your wallet. You can withdraw it from My Wallet.',
  amountMismatch: (reward: number) =>
    `The amount must be the question's reward, ₹${reward}. Reload the page to see the current reward.`,
} as const;
