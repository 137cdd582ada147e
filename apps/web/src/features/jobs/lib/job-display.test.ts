import type { Job } from '@agora/shared';
import { describe, expect, it } from 'vitest';
import {
  cityLabel,
  companyLabel,
  displayableLogo,
  jobPostingJsonLd,
  salaryLabel,
  skillsPreview,
} from './job-display';

const job = (over: Partial<Job> = {}): Job => ({
  _id: 'j1',
  title: 'Backend Engineer',
  description: 'APIs',
  company: { name: 'Acme', website: 'https://acme.example.com', logo: null },
  location: { city: 'Pune', state: 'Maharashtra', country: 'India' },
  isRemote: false,
  category: 'Engineering',
  employmentType: 'Full-time',
  type: 'Full-time',
  level: 'Senior',
  salary: { min: 1_800_000, max: 2_600_000, currency: 'INR', text: null },
  requirements: { skills: ['Go'], text: null },
  skills: ['Go'],
  benefits: null,
  experience: '3+ years',
  education: null,
  applicationDeadline: '2030-01-31',
  applicationsOpen: true,
  contactEmail: 'jobs@acme.example.com',
  status: 'approved',
  state: 'open',
  expiresAt: null,
  screeningQuestions: [],
  rejectionReason: null,
  author: { id: 'u1', displayName: 'Asha' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('job display rules', () => {
  it('shows the figures as entered in their currency, ≈ rupees beside USD in India, else the posted text', () => {
    expect(salaryLabel(job())).toBe('₹18,00,000 - ₹26,00,000 per year');
    const usd = { min: 1000, max: 2000, currency: 'USD' as const, text: null };
    expect(salaryLabel(job({ salary: usd }))).toBe('$1,000 - $2,000 per year (≈ ₹83,000 - ₹1,66,000)');
    expect(salaryLabel(job({ salary: usd, location: { city: 'Austin', state: null, country: 'USA' } }))).toBe(
      '$1,000 - $2,000 per year',
    );
    const none = { min: null, max: null, currency: 'USD' as const };
    expect(salaryLabel(job({ salary: { ...none, text: '12-18 LPA' } }))).toBe('12-18 LPA');
    expect(salaryLabel(job({ salary: { ...none, text: null } }))).toBeNull();
  });

  it('falls back to Unknown Company and Unknown Location', () => {
    expect(companyLabel(job({ company: { name: ' ', website: null, logo: null } }))).toBe('Unknown Company');
    expect(cityLabel(job({ location: { city: '', state: null, country: 'India' } }))).toBe(
      'Unknown Location',
    );
  });

  it('shows three skills then +N more', () => {
    expect(skillsPreview(['a', 'b', 'c', 'd', 'e'])).toEqual({ visible: ['a', 'b', 'c'], more: 2 });
    expect(skillsPreview(['a'])).toEqual({ visible: ['a'], more: 0 });
  });

  it('only displays logos served by this site', () => {
    expect(displayableLogo('/uploads/abc.png')).toBe('/uploads/abc.png');
    expect(displayableLogo('https://cdn.example.com/logo.png')).toBeNull();
    expect(displayableLogo('/uploads/../etc/passwd')).toBeNull();
  });

  it('builds a schema.org JobPosting with the pay in its own currency', () => {
    const ld = jobPostingJsonLd(job({ isRemote: true }), 'https://agora.example');
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      employmentType: 'FULL_TIME',
      validThrough: '2030-01-31T23:59:59-12:00',
      directApply: true,
      identifier: { '@type': 'PropertyValue', name: 'Agora', value: 'j1' },
      applicantLocationRequirements: { '@type': 'Country', name: 'India' },
      jobLocationType: 'TELECOMMUTE',
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'INR',
        value: { '@type': 'QuantitativeValue', minValue: 1_800_000, maxValue: 2_600_000, unitText: 'YEAR' },
      },
      hiringOrganization: { name: 'Acme', sameAs: 'https://acme.example.com' },
    });
  });

  it('is valid through the earlier of the deadline day’s end everywhere and the listing’s expiry', () => {
    // The deadline ends at 2030-02-01T11:59:59Z; an expiry before it wins.
    const early = '2030-01-20T10:00:00.000Z';
    expect(jobPostingJsonLd(job({ expiresAt: early }), 'https://a.example').validThrough).toBe(early);
    // An expiry after the deadline's end: the deadline wins.
    const late = '2030-02-01T12:00:00.000Z';
    expect(jobPostingJsonLd(job({ expiresAt: late }), 'https://a.example').validThrough).toBe(
      '2030-01-31T23:59:59-12:00',
    );
    // No deadline: the expiry alone; neither: no validThrough at all.
    expect(
      jobPostingJsonLd(job({ applicationDeadline: null, expiresAt: late }), 'https://a.example').validThrough,
    ).toBe(late);
    expect(
      'validThrough' in
        jobPostingJsonLd(job({ applicationDeadline: null, expiresAt: null }), 'https://a.example'),
    ).toBe(false);
  });

  it('names employment types in schema.org’s values and leaves out what is not given', () => {
    const types = {
      'Full-time': 'FULL_TIME',
      'Part-time': 'PART_TIME',
      Contract: 'CONTRACTOR',
      Internship: 'INTERN',
    };
    for (const [ours, theirs] of Object.entries(types)) {
      expect(jobPostingJsonLd(job({ employmentType: ours }), 'https://a.example').employmentType).toBe(
        theirs,
      );
    }
    const onSite = jobPostingJsonLd(
      job({ salary: { min: null, max: null, currency: 'USD', text: 'Competitive' } }),
      'https://a.example',
    );
    expect(onSite).not.toHaveProperty('baseSalary');
    expect(onSite).not.toHaveProperty('jobLocationType');
    expect(onSite).not.toHaveProperty('applicantLocationRequirements');
    // Only a minimum: the range says so, without a made-up maximum.
    const from = jobPostingJsonLd(
      job({ salary: { min: 50_000, max: null, currency: 'USD', text: null } }),
      'https://a.example',
    );
    expect(from.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', minValue: 50_000, unitText: 'YEAR' },
    });
  });
});
