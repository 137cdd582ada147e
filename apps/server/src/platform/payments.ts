import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.js';
import { AppError } from '../lib/errors.js';

/** The payment provider behind an interface: `sandbox` (built in, no network) or `razorpay` (REST). */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'razorpay';
  /** Public key id handed to the browser's checkout. */
  readonly keyId: string;
  createOrder(input: CreateOrderInput): Promise<ProviderOrder>;
  /** Checkout signature: HMAC-SHA256(`order_id|payment_id`, key secret), hex. */
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** Webhook signature: HMAC-SHA256(raw body, webhook secret), hex. */
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
}

export interface CreateOrderInput {
  amountPaise: number;
  currency: 'INR';
  /** Ties the order to our record (Razorpay allows at most 40 characters). */
  receipt: string;
  notes: Record<string, string>;
}

export interface ProviderOrder {
  orderId: string;
  amountPaise: number;
  currency: string;
}

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of a hex signature; any malformed input is simply "not equal". */
export function signatureMatches(expectedHex: string, givenHex: string): boolean {
  if (typeof givenHex !== 'string' || !/^[0-9a-f]+$/i.test(givenHex)) return false;
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(givenHex.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay-shaped ids: a prefix and 14 base62 characters. */
export function providerId(prefix: 'order' | 'pay'): string {
  const bytes = randomBytes(14);
  let out = '';
  for (const b of bytes) out += BASE62[b % 62];
  return `${prefix}_${out}`;
}

abstract class SigningProvider {
  constructor(
    protected readonly keySecret: string,
    protected readonly webhookSecret: string,
  ) {
    // One secret for both would make a checkout signature (which the sandbox hands to a browser)
    // and a webhook signature interchangeable: each kind is signed with its own.
    if (!keySecret || !webhookSecret || keySecret === webhookSecret) {
      throw new Error('The checkout and webhook signing secrets must be set and differ');
    }
  }

  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(hmacHex(this.keySecret, `${orderId}|${paymentId}`), signature);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean {
    return signatureMatches(hmacHex(this.webhookSecret, rawBody), signature);
  }
}

/** Orders created locally; the sandbox checkout gets payments signed exactly like the provider's. */
export class SandboxProvider extends SigningProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  constructor(
    readonly keyId: string,
    keySecret: string,
    webhookSecret: string,
  ) {
    super(keySecret, webhookSecret);
  }

  async createOrder(input: CreateOrderInput): Promise<ProviderOrder> {
    return { orderId: providerId('order'), amountPaise: input.amountPaise, currency: input.currency };
  }

  /** What the real checkout hands back to the browser after a successful card payment. */
  signPayment(orderId: string): {
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
  } {
    const paymentId = providerId('pay');
    return {
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: hmacHex(this.keySecret, `${orderId}|${paymentId}`),
    };
  }
}

const PROVIDER_UNAVAILABLE = 'The payment provider is unavailable. Please try again.';

/** Razorpay over its REST API (Orders API v1, Basic auth with key id and secret). */
export class RazorpayProvider extends SigningProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;
  constructor(
    readonly keyId: string,
    keySecret: string,
    webhookSecret: string,
    private readonly apiBase: string,
    private readonly timeoutMs = 10_000,
  ) {
    super(keySecret, webhookSecret);
  }

  async createOrder(input: CreateOrderInput): Promise<ProviderOrder> {
    const url = new URL('/v1/orders', this.apiBase);
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString('base64')}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify({
          amount: input.amountPaise,
          currency: input.currency,
          receipt: input.receipt,
          notes: input.notes,
        }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 502, PROVIDER_UNAVAILABLE);
    }
    const text = await res.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!res.ok) {
      const description = (body as { error?: { description?: unknown } } | null)?.error?.description;
      // 4xx: the provider refused this order (its description is safe to show); 5xx: outage.
      if (res.status >= 400 && res.status < 500 && res.status !== 401 && typeof description === 'string') {
        throw new AppError('PAYMENT_PROVIDER_REFUSED', 502, description.slice(0, 200));
      }
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 502, PROVIDER_UNAVAILABLE);
    }
    const order = body as { id?: unknown; amount?: unknown; currency?: unknown } | null;
    if (
      !order ||
      typeof order.id !== 'string' ||
      !order.id ||
      order.id.length > 100 ||
      order.amount !== input.amountPaise ||
      order.currency !== input.currency
    ) {
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 502, PROVIDER_UNAVAILABLE);
    }
    return { orderId: order.id, amountPaise: order.amount, currency: order.currency };
  }
}

export function createPaymentProvider(config: Config['payments']): PaymentProvider {
  if (config.provider === 'razorpay') {
    return new RazorpayProvider(config.keyId, config.keySecret, config.webhookSecret, config.apiBase);
  }
  return new SandboxProvider(config.keyId, config.keySecret, config.webhookSecret);
}
