import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hackathonDuration, hackathonPhase, registrationOpen } from './hackathon-phase.js';
import { initials } from './initials.js';
import { markdownToPlainText } from './plain-text.js';
import { plural } from './plural.js';
import { relativeTime, timeAgo } from './relative-time.js';
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

  it('timeAgo: one rule for every card and panel — "1h ago" an hour later, never "today"', () => {
    expect(timeAgo('2026-06-01T11:59:30Z', now)).toBe('now');
    expect(timeAgo('2026-06-01T11:00:00Z', now)).toBe('1h ago');
    expect(timeAgo('2026-06-01T11:15:00Z', now)).toBe('45m ago');
    expect(timeAgo('2026-05-20T12:00:00Z', now)).toBe('12d ago');
    expect(timeAgo('2026-01-02T12:00:00Z', now)).toBe('Jan 2, 2026');
    expect(timeAgo('2026-06-01T12:00:05Z', now)).toBe('now');
  });
});

describe('plural', () => {
  it('says "1 like", "2 likes", "0 answers" and takes an irregular plural', () => {
    expect(plural(1, 'like')).toBe('1 like');
    expect(plural(2, 'like')).toBe('2 likes');
    expect(plural(0, 'answer')).toBe('0 answers');
    expect(plural(1, 'reply', 'replies')).toBe('1 reply');
    expect(plural(3, 'reply', 'replies')).toBe('3 replies');
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

describe('markdownToPlainText', () => {
  it('gives a plain excerpt: no backticks, list markers, link syntax, emphasis or fences', () => {
    const md = [
      '## Use `useMemo`',
      '',
      '1. Wrap the value in `useMemo(() => compute(a), [a])`.',
      '2. See [the docs](https://react.dev/reference/react/useMemo) and **measure** first.',
      '- a _bullet_',
      '* another ~~old~~ one',
      '> quoted',
      '```ts',
      'const x = 1;',
      '```',
      '![diagram](/uploads/x.png) done \\*really\\*',
    ].join('\n');
    expect(markdownToPlainText(md)).toBe(
      'Use useMemo Wrap the value in useMemo(() => compute(a), [a]). See the docs and measure first. ' +
        'a bullet another old one quoted const x = 1; diagram done *really*',
    );
  });

  it('leaves ordinary text, snake_case names, arithmetic and numbers alone', () => {
    expect(markdownToPlainText('Set max_connections to 2*3 = 6 in 2026.')).toBe(
      'Set max_connections to 2*3 = 6 in 2026.',
    );
  });
});
