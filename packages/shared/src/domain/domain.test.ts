import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hackathonDuration, hackathonPhase, registrationOpen } from './hackathon-phase.js';
import { initials } from './initials.js';
import { relativeAge, relativeTime } from './relative-time.js';
import { equalPercentages, splitPaise } from './reward-split.js';
import { currencyForCountry, formatSalary, salaryLine } from './salary.js';

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Ada Byron Lovelace')).toBe('AL');
    expect(initials('  cher ')).toBe('C');
  });
  it('falls back to the e-mail', () => expect(initials('', 'zed@example.com')).toBe('Z'));
});

describe('reward split', () => {
  it('gives the remainder percentage to the first selected answer', () => {
    expect(equalPercentages(3)).toEqual([34, 33, 33]);
    expect(equalPercentages(2)).toEqual([50, 50]);
    expect(equalPercentages(7).reduce((a, b) => a + b)).toBe(100);
  });
  it('splits paise so the shares add up to the total exactly', () => {
    expect(splitPaise(1001, [50, 50])).toEqual([501, 500]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 20 }), (total, n) => {
        const shares = splitPaise(total, equalPercentages(n));
        return shares.reduce((a, b) => a + b, 0) === total && shares.every((s) => s >= 0);
      }),
    );
  });
});

describe('relative time', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('uses now, minutes, hours and days under 30 days, then a date', () => {
    expect(relativeTime('2026-06-01T11:59:30Z', now)).toBe('now');
    expect(relativeTime('2026-06-01T11:15:00Z', now)).toBe('45m');
    expect(relativeTime('2026-06-01T02:00:00Z', now)).toBe('10h');
    expect(relativeTime('2026-05-20T12:00:00Z', now)).toBe('12d');
    expect(relativeTime('2026-01-02T12:00:00Z', now)).toBe('Jan 2, 2026');
  });

  it('gives a question’s age in days, months, then years, and never "0 years"', () => {
    const ago = (days: number) => relativeAge(new Date(now.getTime() - days * 86_400_000), now);
    expect([0, 1, 29, 30, 59, 359, 360, 364, 365, 729, 730].map(ago)).toEqual([
      'today',
      '1 day ago',
      '29 days ago',
      '1 month ago',
      '1 month ago',
      '11 months ago',
      '11 months ago',
      '11 months ago',
      '1 year ago',
      '1 year ago',
      '2 years ago',
    ]);
    fc.assert(fc.property(fc.integer({ min: 0, max: 5000 }), (d) => !/^0 /.test(ago(d))));
  });
});

describe('hackathon phase', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const h = (start: string, end: string, status = 'published') => ({
    status,
    startDate: start,
    endDate: end,
  });
  it('derives upcoming, open and past from the clock', () => {
    expect(hackathonPhase(h('2026-06-02T00:00:00Z', '2026-06-03T00:00:00Z'), now)).toBe('upcoming');
    expect(hackathonPhase(h('2026-05-31T00:00:00Z', '2026-06-03T00:00:00Z'), now)).toBe('open');
    expect(hackathonPhase(h('2026-05-01T00:00:00Z', '2026-05-03T00:00:00Z', 'pending'), now)).toBe('past');
    expect(hackathonPhase(h('2026-06-02T00:00:00Z', '2026-06-03T00:00:00Z', 'pending'), now)).toBeNull();
  });
  it('closes registration exactly 1 hour before the start', () => {
    expect(registrationOpen('2026-06-01T13:01:00Z', now)).toBe(true);
    expect(registrationOpen('2026-06-01T12:59:00Z', now)).toBe(false);
  });
});

describe('salary', () => {
  it('shows the figures as entered, in their own currency (Indian grouping for rupees)', () => {
    expect(formatSalary({ min: 1_800_000, max: 2_600_000, currency: 'INR' })).toBe('₹18,00,000 - ₹26,00,000');
    expect(formatSalary({ min: 1000, max: 2000, currency: 'USD' })).toBe('$1,000 - $2,000');
    expect(formatSalary({ min: 50_000, max: null, currency: 'EUR' })).toBe('From €50,000');
    expect(formatSalary({ min: null, max: 90_000, currency: 'GBP' })).toBe('Up to £90,000');
    expect(formatSalary({ min: 5, max: 5, currency: 'INR' })).toBe('₹5');
    expect(formatSalary(null)).toBeNull();
  });

  it('keeps spec 03 ×83 only as an approximate rupee note beside USD figures of a job in India', () => {
    expect(salaryLine({ min: 20_000, max: 30_000, currency: 'USD', text: null }, 'India')).toBe(
      '$20,000 - $30,000 per year (≈ ₹16,60,000 - ₹24,90,000)',
    );
    expect(salaryLine({ min: 1_800_000, max: 2_600_000, currency: 'INR', text: null }, 'India')).toBe(
      '₹18,00,000 - ₹26,00,000 per year',
    );
    expect(salaryLine({ min: 20_000, max: 30_000, currency: 'USD', text: null }, 'USA')).toBe(
      '$20,000 - $30,000 per year',
    );
    expect(salaryLine({ min: null, max: null, currency: 'USD', text: 'Competitive' }, 'India')).toBe(
      'Competitive',
    );
  });

  it('suggests a currency from the country', () => {
    expect(currencyForCountry('India')).toBe('INR');
    expect(currencyForCountry(' united kingdom ')).toBe('GBP');
    expect(currencyForCountry('Germany')).toBe('EUR');
    expect(currencyForCountry('Narnia')).toBe('USD');
  });
});

describe('hackathon duration', () => {
  it('derives the duration from the dates', () => {
    const at = (iso: string) => new Date(iso);
    expect(hackathonDuration(at('2026-11-24T09:00:00Z'), at('2026-11-26T18:00:00Z'))).toBe('57 hours');
    expect(hackathonDuration(at('2026-11-24T09:00:00Z'), at('2026-11-25T09:00:00Z'))).toBe('24 hours');
    expect(hackathonDuration(at('2026-11-01T00:00:00Z'), at('2026-11-08T00:00:00Z'))).toBe('7 days');
    expect(hackathonDuration(at('2026-11-01T00:00:00Z'), at('2026-11-15T00:00:00Z'))).toBe('2 weeks');
    expect(hackathonDuration(at('2026-11-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))).toBe('2 months');
    expect(hackathonDuration(at('2026-11-02T00:00:00Z'), at('2026-11-01T00:00:00Z'))).toBeNull();
  });
});
