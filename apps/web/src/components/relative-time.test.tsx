import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RelativeTime } from './relative-time';

describe('RelativeTime', () => {
  it('shows a relative label with the machine-readable date and "ago"', () => {
    const d = new Date(Date.now() - 5 * 60_000);
    const { container } = render(<RelativeTime date={d} />);
    const t = container.querySelector('time')!;
    expect(t.textContent).toBe('5m ago');
    expect(t.getAttribute('dateTime')).toBe(d.toISOString());
  });

  it('shows a US date after 30 days, without "ago"', () => {
    const { container } = render(<RelativeTime date="2020-01-02T12:00:00Z" />);
    expect(container.querySelector('time')!.textContent).toBe('Jan 2, 2020');
  });

  it('gives the exact local time in the title, as toLocaleString would', () => {
    const d = new Date('2025-03-04T05:06:07Z');
    const { container } = render(<RelativeTime date={d} />);
    expect(container.querySelector('time')!.getAttribute('title')).toBe(d.toLocaleString('en-US'));
  });

  it('renders nothing for an invalid date', () => {
    const { container } = render(<RelativeTime date="not a date" />);
    expect(container.querySelector('time')).toBeNull();
  });
});
