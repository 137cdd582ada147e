import type {
  CreateOrderResult,
  SandboxPayResult,
  VerifyPaymentBody,
  VerifyPaymentResult,
} from '@agora/shared';
import { api } from '../../../lib/api-client';

/** POST /api/payments/create-order — amount in whole rupees; the answer is in paise. */
export function createOrder(questionId: string, amountRupees: number): Promise<CreateOrderResult> {
  return api<CreateOrderResult>('/api/payments/create-order', {
    method: 'POST',
    body: { questionId, amount: amountRupees },
  });
}

export function verifyPayment(body: VerifyPaymentBody): Promise<VerifyPaymentResult> {
  return api<VerifyPaymentResult>('/api/payments/verify', { method: 'POST', body });
}

/** Sandbox only: the server signs a payment exactly as the real provider would. */
export function sandboxPay(orderId: string): Promise<SandboxPayResult> {
  return api<SandboxPayResult>('/api/payments/sandbox/pay', { method: 'POST', body: { orderId } });
}
