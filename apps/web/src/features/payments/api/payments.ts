import type {
  CreateOrderResult,
  SandboxPayResult,
  VerifyPaymentBody,
  VerifyPaymentResult,
} from '@agora/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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

/** Verifies a signed payment (the provider's or the sandbox's). */
export function useVerifyPayment() {
  return useMutation({ mutationFn: verifyPayment });
}

/** Sandbox only: pays an order as the provider would. */
export function useSandboxPay() {
  return useMutation({ mutationFn: sandboxPay });
}
