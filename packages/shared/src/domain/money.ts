/**
 * The one money format, for the screens and for the server's messages and e-mails alike, so an
 * amount reads the same in the app and in the inbox: "₹" with Indian grouping (en-IN), e.g.
 * "₹1,234.50", "₹12,34,567.00". Amounts travel in integer paise (CONTRACT §3) and are shown /100
 * with 2 decimals (spec 01 §9); whole-rupee figures (the reward a question asks for, "Pay ₹50",
 * chart axes) without decimals.
 */
const paiseFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Paise → "₹1,234.50" (nothing → "₹0.00"). */
export function rupees(paise: number | null | undefined): string {
  return paiseFormat.format((paise ?? 0) / 100);
}

/** Whole rupees → "₹50", "₹1,00,000" (no decimals). */
export function wholeRupees(amount: number): string {
  return wholeFormat.format(amount);
}

/** Paise → whole rupees with grouping, for chart axes: "₹1,235". */
export function rupeesShort(paise: number): string {
  return wholeFormat.format(Math.round(paise / 100));
}
