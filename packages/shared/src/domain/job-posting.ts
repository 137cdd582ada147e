import type { Job } from '../schemas/jobs.js';

/** A logo we may display: only files served by this site (the CSP allows no other image hosts). */
export function displayableLogo(logo: string | null): string | null {
  return logo && /^\/uploads\/[A-Za-z0-9._-]+$/.test(logo) ? logo : null;
}

const SCHEMA_EMPLOYMENT: Record<string, string> = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACTOR',
  Freelance: 'CONTRACTOR',
  Internship: 'INTERN',
};

/**
 * The moment a deadline day has ended everywhere on Earth (its end at UTC−12): the server keeps a
 * job open until then, so the posting is valid until then too.
 */
export function deadlineEnd(deadline: string): string {
  return `${deadline}T23:59:59-12:00`;
}

/** schema.org validThrough: the earlier of the deadline's end and the listing's expiry. */
export function validThrough(job: Pick<Job, 'applicationDeadline' | 'expiresAt'>): string | null {
  const candidates = [job.applicationDeadline ? deadlineEnd(job.applicationDeadline) : null, job.expiresAt]
    .filter((v): v is string => Boolean(v))
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  return candidates[0] ?? null;
}

/** schema.org JobPosting (what search engines read), from the same data the page shows. */
export function jobPostingJsonLd(job: Job, origin: string): Record<string, unknown> {
  const hasPay = job.salary.min != null || job.salary.max != null;
  const logo = displayableLogo(job.company.logo);
  const until = validThrough(job);
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    identifier: { '@type': 'PropertyValue', name: 'Agora', value: job._id },
    url: `${origin}/job/${job._id}`,
    datePosted: job.createdAt,
    ...(until ? { validThrough: until } : {}),
    employmentType: SCHEMA_EMPLOYMENT[job.employmentType] ?? 'OTHER',
    hiringOrganization: {
      '@type': 'Organization',
      name: job.company.name,
      ...(job.company.website ? { sameAs: job.company.website } : {}),
      ...(logo ? { logo: `${origin}${logo}` } : {}),
    },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: job.location.city,
        ...(job.location.state ? { addressRegion: job.location.state } : {}),
        addressCountry: job.location.country,
      },
    },
    ...(job.isRemote
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'Country', name: job.location.country },
        }
      : {}),
    ...(hasPay
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: job.salary.currency,
            value: {
              '@type': 'QuantitativeValue',
              ...(job.salary.min != null ? { minValue: job.salary.min } : {}),
              ...(job.salary.max != null ? { maxValue: job.salary.max } : {}),
              unitText: 'YEAR',
            },
          },
        }
      : {}),
    occupationalCategory: job.category,
    ...(job.skills.length ? { skills: job.skills.join(', ') } : {}),
    ...(job.experience ? { experienceRequirements: job.experience } : {}),
    ...(job.education ? { educationRequirements: job.education } : {}),
    ...(job.benefits ? { jobBenefits: job.benefits } : {}),
    // Quick Apply takes the application on this page.
    directApply: true,
  };
}
