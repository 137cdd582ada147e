import type { PaidHackathonPrize, PaidQuestion } from '@agora/shared';
import type { PrizeTarget } from '../hackathons/hackathons.prizes.service.js';
import type { QuestionRow } from './payments.settle-question.service.js';

/** A question as a verified payment returns it: paid, with what was paid. */
export function presentPaidQuestion(q: QuestionRow): PaidQuestion {
  return { _id: q.id, title: q.title, isPaid: q.isPaid, paymentAmount: q.paymentAmount ?? 0 };
}

/** A hackathon as a verified prize payment returns it: its pool's state and amount. */
export function presentPaidPrize(h: PrizeTarget): PaidHackathonPrize {
  return { _id: h.id, title: h.title, prizeState: h.prizeState ?? 'none', prizeAmount: h.prizeAmount ?? 0 };
}
