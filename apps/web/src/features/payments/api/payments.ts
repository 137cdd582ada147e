import type {
  CreateOrderResult,
  SandboxPayResult,
  VerifyPaymentBody,
  VerifyPaymentResult,
} from '@agora/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { invalidateInOtherWindows } from '../../../lib/query-client';
import { hackathonKeys } from '../../hackathons/api/keys';
import { questionKeys } from '../../questions/api/keys';
import { walletKeys } from '../../wallet/api/keys';

/** What a payment pays for: a question's reward, or a hackathon's prize pool. */
export type PaymentTarget = { questionId: string } | { hackathonId: string };

/**
 * POST /api/payments/create-order (a question) or /api/hackathons/:id/prize/create-order (a prize
 * pool) — amount in whole rupees; the answer is in paise.
 */
export function createOrder(target: PaymentTarget, amountRupees: number): Promise<CreateOrderResult> {
  if ('hackathonId' in target) {
    return api<CreateOrderResult>(
      `/api/hackathons/${encodeURIComponent(target.hackathonId)}/prize/create-order`,
      { method: 'POST', body: { amount: amountRupees } },
    );
  }
  return api<CreateOrderResult>('/api/payments/create-order', {
    method: 'POST',
    body: { questionId: target.questionId, amount: amountRupees },
  });
}

export function verifyPayment(body: VerifyPaymentBody): Promise<VerifyPaymentResult> {
  return api<VerifyPaymentResult>('/api/payments/verify', { method: 'POST', body });
}

/** Sandbox only: the server signs a payment exactly as the real provider would. */
export function sandboxPay(orderId: string): Promise<SandboxPayResult> {
  return api<SandboxPayResult>('/api/payments/sandbox/pay', { method: 'POST', body: { orderId } });
}

/*
 * The payment step's writes as mutations, like every other write. The step keeps its own orchestration (order →
 * provider checkout → verify, each phase with its own message), so each hook is only the call;
 * the step reads the outcome through `mutateAsync`.
 */

/** Creates the order of one payment attempt. */
export function useCreateOrder() {
  return useMutation({
    mutationFn: (v: { target: PaymentTarget; amountRupees: number }) => createOrder(v.target, v.amountRupees),
  });
}

/**
 * Verifies a signed payment (the provider's or the sandbox's). A paid question changes its lists,
 * its page and the portal, here and in the app's other windows (the Inquiry Space that opened the
 * ask window). Paid meanwhile through another order, the money went to the wallet instead. A funded
 * prize pool shows on its hackathon's page as held in escrow.
 */
export function useVerifyPayment() {
  const qc = useQueryClient();
  const questionPaid = (body: VerifyPaymentBody) => {
    if (!body.questionId) return;
    void qc.invalidateQueries({ queryKey: questionKeys.all });
    invalidateInOtherWindows(questionKeys.all);
  };
  // Also after a refusal: the pool may be funded already (another window, an earlier attempt).
  const refreshHackathon = (body: VerifyPaymentBody) => {
    if (!body.hackathonId) return;
    void qc.invalidateQueries({ queryKey: hackathonKeys.hackathon(body.hackathonId) });
  };
  return useMutation({
    mutationFn: verifyPayment,
    onSuccess: (_r, body) => {
      questionPaid(body);
      refreshHackathon(body);
    },
    onError: (err, body) => {
      refreshHackathon(body);
      if (!(err instanceof ApiError && err.code === 'QUESTION_ALREADY_PAID')) return;
      void qc.invalidateQueries({ queryKey: walletKeys.all });
      questionPaid(body);
    },
  });
}

/** Sandbox only: pays an order as the provider would. */
export function useSandboxPay() {
  return useMutation({ mutationFn: sandboxPay });
}
