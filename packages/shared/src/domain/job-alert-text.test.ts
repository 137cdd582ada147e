import { describe, expect, it } from 'vitest';
import { describeJobAlert } from './job-alert-text.js';

describe('describeJobAlert', () => {
  it('says every filter of a saved search in words', () => {
    expect(describeJobAlert({})).toBe('All jobs');
    expect(describeJobAlert({ q: 'react', category: ['Engineering'], remote: true })).toBe(
      "Remote Engineering jobs matching 'react'",
    );
    expect(
      describeJobAlert({
        q: 'react',
        location: 'Pune',
        level: 'Senior',
        employmentType: 'Full-time',
        remote: true,
      }),
    ).toBe("Senior jobs matching 'react' in Pune or remote (Full-time)");
    expect(describeJobAlert({ location: 'remote', category: ['Design', 'Product'] })).toBe(
      'Remote Design or Product jobs',
    );
    expect(describeJobAlert({ location: 'Chennai', remote: false })).toBe('On-site jobs in Chennai');
  });
});
