import type { Job } from '@agora/shared';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { paramsFromSearch } from '../lib/filters';
import { ActiveFilters } from './active-filters';
import { CategoryFilter, categoryEntries } from './category-filter';
import { JobCard } from './job-card';
import { JobsPagination } from './jobs-pagination';
import { aJob } from '../../../test/fixtures';

const wrap = (ui: ReactNode) =>
  render(
    <MantineProvider env="test">
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );

// Empty company and city (the card's fallbacks), five skills, a pay range.
const job: Job = aJob({
  _id: '11111111-1111-4111-8111-111111111111',
  title: 'Platform Engineer',
  description: 'Keep the lights on.',
  company: { name: '', website: null, logo: null },
  location: { city: '', state: null, country: 'India' },
  category: 'DevOps',
  employmentType: 'Contract',
  type: 'Contract',
  level: 'Senior',
  salary: { min: 1_800_000, max: 2_600_000, currency: 'INR', text: null },
  requirements: { skills: ['Go', 'Rust', 'SQL', 'Kafka', 'Linux'], text: null },
  skills: ['Go', 'Rust', 'SQL', 'Kafka', 'Linux'],
  contactEmail: 'a@b.co',
  author: { id: 'u', displayName: 'U' },
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  updatedAt: new Date().toISOString(),
});

describe('JobCard', () => {
  it('shows the fallbacks, three skills then +N more, type, level, pay and a link to the job', () => {
    wrap(<JobCard job={job} />);
    expect(screen.getByText('Unknown Company')).toBeTruthy();
    expect(screen.getByText('Unknown Location')).toBeTruthy();
    for (const s of ['Go', 'Rust', 'SQL']) expect(screen.getByText(s)).toBeTruthy();
    expect(screen.queryByText('Kafka')).toBeNull();
    expect(screen.getByText('+2 more')).toBeTruthy();
    expect(screen.getByText('3d ago')).toBeTruthy();
    expect(screen.getByText('Contract')).toBeTruthy();
    expect(screen.getByText('Senior')).toBeTruthy();
    expect(screen.getByText('₹18,00,000 - ₹26,00,000 per year')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View details: Platform Engineer' }).getAttribute('href')).toBe(
      `/job/${job._id}`,
    );
  });
});

describe('JobsPagination', () => {
  it('is absent with a single page', () => {
    const { container } = wrap(
      <JobsPagination
        pagination={{ totalJobs: 5, totalPages: 1, currentPage: 1, hasPrev: false, hasNext: false }}
        onPage={() => {}}
      />,
    );
    expect(container.querySelector('nav')).toBeNull();
  });

  it('disables Previous and Next by the server flags and numbers the pages', () => {
    const onPage = vi.fn();
    wrap(
      <JobsPagination
        pagination={{ totalJobs: 30, totalPages: 3, currentPage: 1, hasPrev: false, hasNext: true }}
        onPage={onPage}
      />,
    );
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(onPage).toHaveBeenCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });
});

describe('CategoryFilter', () => {
  it('shows one list: no second name for a category, no empty categories unless selected', () => {
    const counts = { Engineering: 4, HR: 7, Legal: 0, Other: 0, Design: 0 };
    wrap(
      <CategoryFilter
        counts={counts}
        selected={['Design']}
        onToggle={() => {}}
        onClear={() => {}}
        idPrefix="t"
      />,
    );
    const labels = screen.getAllByRole('checkbox').map((c) => c.closest('label, div')?.textContent ?? '');
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    expect(labels.join('|')).not.toMatch(/Legal|Other|Human Resources/);
    expect(screen.getByRole('checkbox', { name: /^HR/ })).toBeTruthy();
    // A selected category stays, so it can be unticked.
    expect(screen.getByRole('checkbox', { name: /^Design/ })).toHaveProperty('checked', true);
    expect(categoryEntries(counts, [])).toEqual([
      ['Engineering', 4],
      ['HR', 7],
    ]);
  });

  it('reads a link with an earlier category name as the category it became', () => {
    expect(
      paramsFromSearch(new URLSearchParams('category=Human%20Resources&category=HR')).categories,
    ).toEqual(['HR']);
  });
});

describe('ActiveFilters', () => {
  it('keeps a long chip inside the row: cut with an ellipsis, the whole text in its title and remove button', () => {
    const long = `Search: ${'senior distributed systems engineer '.repeat(6).trim()}`;
    const clear = vi.fn();
    wrap(<ActiveFilters filters={[{ key: 'search', label: long, clear }]} onClearAll={() => {}} />);
    const chip = screen.getByTestId('active-filter');
    expect(chip.getAttribute('title')).toBe(long);
    expect(chip.style.maxWidth).toBe('100%');
    const label = chip.querySelector('.mantine-Pill-label') as HTMLElement;
    expect(label.style.textOverflow).toBe('ellipsis');
    expect(label.style.whiteSpace).toBe('nowrap');
    const row = screen.getByRole('list', { name: 'Active filters' });
    // Mantine's pill group wraps its pills; the row may shrink below their width.
    expect(row.classList.contains('mantine-PillGroup-group')).toBe(true);
    expect(row.style.minWidth).toBe('0rem');
    fireEvent.click(chip.querySelector(`[aria-label="Remove filter ${long}"]`)!);
    expect(clear).toHaveBeenCalledTimes(1);
  });
});
