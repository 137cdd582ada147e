// The real provider's Checkout script, loaded only when the server says the provider is razorpay.
const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export interface RazorpayResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: { name: string; email: string };
  theme: { color: string };
  handler: (res: RazorpayResponse) => void;
  modal: { ondismiss: () => void };
}

export type RazorpayConstructor = new (options: RazorpayOptions) => { open(): void };

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

export function loadRazorpayCheckout(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  if (loading) return loading;
  loading = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Checkout unavailable'));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Checkout unavailable'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
