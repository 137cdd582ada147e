import { INDIA_SALARY_MULTIPLIER, SALARY_CURRENCIES, type SalaryCurrency } from '../constants.js';

const SYMBOLS: Record<SalaryCurrency, string> = {
  INR: '₹',
  USD: '$',
  EUR: '€',
  GBP: '£',
  AED: 'AED ',
  SGD: 'S$',
  CAD: 'C$',
  AUD: 'A$',
};

const COUNTRY_CURRENCY: Array<[RegExp, SalaryCurrency]> = [
  [/^(india|bharat)$/, 'INR'],
  [/^(united states|united states of america|usa|us)$/, 'USD'],
  [/^(united kingdom|uk|great britain|england|scotland|wales)$/, 'GBP'],
  [
    /^(germany|france|spain|italy|netherlands|ireland|portugal|belgium|austria|finland|greece|luxembourg)$/,
    'EUR',
  ],
  [/^(united arab emirates|uae)$/, 'AED'],
  [/^singapore$/, 'SGD'],
  [/^canada$/, 'CAD'],
  [/^australia$/, 'AUD'],
];

/** The currency a posting's country suggests (the poster may pick another); USD when unknown. */
export function currencyForCountry(country: string | null | undefined): SalaryCurrency {
  const c = (country ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return COUNTRY_CURRENCY.find(([re]) => re.test(c))?.[1] ?? 'USD';
}

export function isSalaryCurrency(v: unknown): v is SalaryCurrency {
  return typeof v === 'string' && (SALARY_CURRENCIES as readonly string[]).includes(v);
}

/** One amount in its currency: Indian digit grouping for rupees ("₹18,00,000"), otherwise en-US. */
export function formatMoney(n: number, currency: SalaryCurrency): string {
  const grouped = Math.round(n).toLocaleString(currency === 'INR' ? 'en-IN' : 'en-US');
  return `${SYMBOLS[currency]}${grouped}`;
}

/**
 * The salary as its poster entered it: the figures in their own currency, never converted
 * ("₹18,00,000 - ₹26,00,000"). docs/decisions/051-salaries-as-entered.md: spec 03's ×83 survives only as an approximate
 * rupee note beside USD figures on a job in India — see `approxRupees`.
 */
export function formatSalary(
  salary: { min?: number | null; max?: number | null; currency?: string | null } | null | undefined,
): string | null {
  if (!salary || (salary.min == null && salary.max == null)) return null;
  const currency = isSalaryCurrency(salary.currency) ? salary.currency : 'USD';
  const fmt = (n: number) => formatMoney(n, currency);
  if (salary.min != null && salary.max != null) {
    return salary.min === salary.max ? fmt(salary.min) : `${fmt(salary.min)} - ${fmt(salary.max)}`;
  }
  return salary.min != null ? `From ${fmt(salary.min)}` : `Up to ${fmt(salary.max!)}`;
}

/** spec 03 §3's ×83, kept only as "≈ ₹…" beside USD figures of a job in India; null otherwise. */
export function approxRupees(
  salary: { min?: number | null; max?: number | null; currency?: string | null } | null | undefined,
  country: string | null | undefined,
): string | null {
  if (!salary || (salary.min == null && salary.max == null)) return null;
  if ((salary.currency ?? 'USD') !== 'USD' || currencyForCountry(country) !== 'INR') return null;
  const inr = (n: number | null | undefined) => (n == null ? null : n * INDIA_SALARY_MULTIPLIER);
  return `≈ ${formatSalary({ min: inr(salary.min), max: inr(salary.max), currency: 'INR' })}`;
}

/** What the card and the job page print: "₹18,00,000 - ₹26,00,000 per year" (+ the rupee note). */
export function salaryLine(
  salary: { min?: number | null; max?: number | null; currency?: string | null; text?: string | null },
  country: string | null | undefined,
): string | null {
  const figures = formatSalary(salary);
  if (!figures) return salary.text?.trim() || null;
  const approx = approxRupees(salary, country);
  return `${figures} per year${approx ? ` (${approx})` : ''}`;
}
