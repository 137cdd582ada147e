import { JOB_EMPLOYMENT_TYPES, type JOB_LISTING_CATEGORIES } from '@agora/shared';
import { jobs } from '../../src/db/schema/index.js';
import { insertBatched, PER_SCALE, type Rng, type SeedStep, scaled } from './types.js';

type NewJob = typeof jobs.$inferInsert;

interface Role {
  title: string;
  category: (typeof JOB_LISTING_CATEGORIES)[number];
  skills: string[];
  /** Annual USD range at mid level. */
  pay: [number, number];
}

// Titles, categories and skills that belong together, so search and filters behave like real data.
const ROLES: Role[] = [
  {
    title: 'Frontend Developer',
    category: 'Engineering',
    skills: ['React', 'TypeScript', 'CSS', 'Vite', 'Accessibility'],
    pay: [30_000, 60_000],
  },
  {
    title: 'Backend Engineer',
    category: 'Engineering',
    skills: ['Node.js', 'PostgreSQL', 'Go', 'REST', 'Redis'],
    pay: [35_000, 70_000],
  },
  {
    title: 'Full Stack Developer',
    category: 'Engineering',
    skills: ['React', 'Node.js', 'MongoDB', 'AWS', 'Docker'],
    pay: [32_000, 65_000],
  },
  {
    title: 'Android Developer',
    category: 'Engineering',
    skills: ['Kotlin', 'Jetpack Compose', 'Android', 'Firebase'],
    pay: [28_000, 55_000],
  },
  {
    title: 'iOS Engineer',
    category: 'Engineering',
    skills: ['Swift', 'SwiftUI', 'Xcode', 'Combine'],
    pay: [30_000, 60_000],
  },
  {
    title: 'Product Manager',
    category: 'Product',
    skills: ['Roadmapping', 'User Research', 'Analytics', 'Jira'],
    pay: [40_000, 80_000],
  },
  {
    title: 'Product Designer',
    category: 'Design',
    skills: ['Figma', 'Prototyping', 'Design Systems', 'User Research'],
    pay: [25_000, 55_000],
  },
  {
    title: 'UX Researcher',
    category: 'Design',
    skills: ['Usability Testing', 'Interviews', 'Survey Design'],
    pay: [25_000, 50_000],
  },
  {
    title: 'Growth Marketing Manager',
    category: 'Marketing',
    skills: ['SEO', 'Google Ads', 'Content Strategy', 'Analytics'],
    pay: [25_000, 55_000],
  },
  {
    title: 'Content Writer',
    category: 'Marketing',
    skills: ['Copywriting', 'SEO', 'Editing'],
    pay: [12_000, 25_000],
  },
  {
    title: 'Account Executive',
    category: 'Sales',
    skills: ['B2B Sales', 'Salesforce', 'Negotiation'],
    pay: [20_000, 45_000],
  },
  {
    title: 'Operations Analyst',
    category: 'Operations',
    skills: ['Excel', 'SQL', 'Process Improvement'],
    pay: [18_000, 35_000],
  },
  {
    title: 'Data Scientist',
    category: 'Data Science',
    skills: ['Python', 'Machine Learning', 'SQL', 'PyTorch', 'Statistics'],
    pay: [40_000, 85_000],
  },
  {
    title: 'Data Engineer',
    category: 'Data Science',
    skills: ['Spark', 'Airflow', 'Python', 'SQL', 'Kafka'],
    pay: [38_000, 80_000],
  },
  {
    title: 'DevOps Engineer',
    category: 'DevOps',
    skills: ['Kubernetes', 'Terraform', 'AWS', 'CI/CD', 'Linux'],
    pay: [38_000, 75_000],
  },
  {
    title: 'Site Reliability Engineer',
    category: 'DevOps',
    skills: ['Kubernetes', 'Prometheus', 'Go', 'Linux'],
    pay: [45_000, 90_000],
  },
  {
    title: 'Security Engineer',
    category: 'Security',
    skills: ['Penetration Testing', 'OWASP', 'SIEM', 'Cloud Security'],
    pay: [45_000, 90_000],
  },
  {
    title: 'Business Development Manager',
    category: 'Business Development',
    skills: ['Partnerships', 'Negotiation', 'CRM'],
    pay: [25_000, 55_000],
  },
  {
    title: 'Customer Success Manager',
    category: 'Customer Success',
    skills: ['Onboarding', 'Zendesk', 'Account Management'],
    pay: [18_000, 40_000],
  },
  {
    title: 'Financial Analyst',
    category: 'Finance',
    skills: ['Financial Modelling', 'Excel', 'Forecasting'],
    pay: [22_000, 45_000],
  },
  {
    title: 'HR Business Partner',
    category: 'HR',
    skills: ['Recruiting', 'Employee Relations', 'HRIS'],
    pay: [20_000, 40_000],
  },
  {
    title: 'Legal Counsel',
    category: 'Legal',
    skills: ['Contracts', 'Compliance', 'Data Privacy'],
    pay: [40_000, 80_000],
  },
  // More roles across the one category list (JOB_LISTING_CATEGORIES; the table refuses others).
  {
    title: 'IT Support Specialist',
    category: 'Engineering',
    skills: ['Windows', 'Networking', 'Help Desk'],
    pay: [10_000, 22_000],
  },
  {
    title: 'Clinical Data Coordinator',
    category: 'Data Science',
    skills: ['Clinical Trials', 'GCP', 'Data Entry'],
    pay: [15_000, 30_000],
  },
  {
    title: 'Curriculum Designer',
    category: 'Other',
    skills: ['Instructional Design', 'LMS', 'Assessment'],
    pay: [15_000, 32_000],
  },
  {
    title: 'Customer Service Associate',
    category: 'Customer Success',
    skills: ['Communication', 'CRM', 'Hindi', 'English'],
    pay: [6_000, 12_000],
  },
  {
    title: 'Talent Acquisition Specialist',
    category: 'HR',
    skills: ['Sourcing', 'LinkedIn Recruiter', 'Interviewing'],
    pay: [15_000, 30_000],
  },
  {
    title: 'Engineering Manager',
    category: 'Engineering',
    skills: ['People Management', 'Hiring', 'Agile'],
    pay: [60_000, 110_000],
  },
  {
    title: 'Strategy Consultant',
    category: 'Business Development',
    skills: ['Market Research', 'PowerPoint', 'Financial Modelling'],
    pay: [35_000, 75_000],
  },
  {
    title: 'Video Editor',
    category: 'Marketing',
    skills: ['Premiere Pro', 'After Effects', 'Storytelling'],
    pay: [12_000, 28_000],
  },
];

const LEVELS: Array<{ level: string; prefix: string; factor: number; experience: string }> = [
  { level: 'Intern', prefix: '', factor: 0.25, experience: 'Students and fresh graduates' },
  { level: 'Entry-level', prefix: 'Junior ', factor: 0.6, experience: '0-1 years' },
  { level: 'Junior', prefix: 'Junior ', factor: 0.7, experience: '1-2 years' },
  { level: 'Mid-level', prefix: '', factor: 1, experience: '2-5 years' },
  { level: 'Senior', prefix: 'Senior ', factor: 1.4, experience: '5+ years' },
  { level: 'Senior-level', prefix: 'Senior ', factor: 1.4, experience: '6+ years' },
  { level: 'Lead', prefix: 'Lead ', factor: 1.7, experience: '7+ years' },
  { level: 'Principal', prefix: 'Principal ', factor: 2, experience: '10+ years' },
  { level: 'Executive', prefix: 'Head of ', factor: 2.5, experience: '12+ years in leadership roles' },
];
// Weighted towards the common levels.
const LEVEL_WEIGHTS = [1, 2, 3, 6, 5, 2, 2, 1, 1];

const CITIES: Array<{ city: string; state: string; country: string; weight: number }> = [
  { city: 'Bengaluru', state: 'Karnataka', country: 'India', weight: 10 },
  { city: 'Mumbai', state: 'Maharashtra', country: 'India', weight: 7 },
  { city: 'Pune', state: 'Maharashtra', country: 'India', weight: 5 },
  { city: 'Hyderabad', state: 'Telangana', country: 'India', weight: 6 },
  { city: 'Chennai', state: 'Tamil Nadu', country: 'India', weight: 4 },
  { city: 'Gurugram', state: 'Haryana', country: 'India', weight: 4 },
  { city: 'New Delhi', state: 'Delhi', country: 'India', weight: 4 },
  { city: 'Noida', state: 'Uttar Pradesh', country: 'India', weight: 3 },
  { city: 'Kolkata', state: 'West Bengal', country: 'India', weight: 2 },
  { city: 'Ahmedabad', state: 'Gujarat', country: 'India', weight: 2 },
  { city: 'Kochi', state: 'Kerala', country: 'India', weight: 1 },
  { city: 'Jaipur', state: 'Rajasthan', country: 'India', weight: 1 },
  { city: 'San Francisco', state: 'California', country: 'USA', weight: 2 },
  { city: 'New York', state: 'New York', country: 'USA', weight: 2 },
  { city: 'Austin', state: 'Texas', country: 'USA', weight: 1 },
  { city: 'London', state: 'England', country: 'United Kingdom', weight: 2 },
  { city: 'Berlin', state: 'Berlin', country: 'Germany', weight: 1 },
  { city: 'Singapore', state: 'Singapore', country: 'Singapore', weight: 1 },
  { city: 'Dubai', state: 'Dubai', country: 'United Arab Emirates', weight: 1 },
];

const COMPANIES = [
  'Acme Labs',
  'Nimbus Cloud',
  'Kestrel Analytics',
  'Banyan Health',
  'Saffron Pay',
  'Tidewater Logistics',
  'Monsoon Media',
  'Peacock Retail',
  'Quartz Security',
  'Lotus Learning',
  'Orbit Mobility',
  'Indigo Fintech',
  'Cedar Consulting',
  'Helix Biotech',
  'Marigold Foods',
  'Zenith Energy',
  'Pixel Forge',
  'Northwind Traders',
  'Riverstone Capital',
  'Sarvam Systems',
  'Granite Works',
  'Firefly Games',
  'Ember Robotics',
  'Vayu Aerospace',
];

const BENEFITS = [
  'Health insurance for you and your family',
  'Flexible working hours',
  'Learning budget of $1,000 a year',
  'Employee stock options',
  'Hybrid work: three days in the office',
  'Paid parental leave',
  'Annual team offsite',
  'Home-office allowance',
];
const EDUCATION = [
  "Bachelor's degree in a related field",
  "Bachelor's or Master's degree in Computer Science",
  'Any graduate',
  'MBA preferred',
  null,
];

function weighted<T>(rng: Rng, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = rng.next() * total;
  for (let i = 0; i < items.length; i++) {
    r -= weights[i]!;
    if (r < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

function pickSome<T>(rng: Rng, xs: readonly T[], min: number, max: number): T[] {
  const pool = [...xs];
  const n = Math.min(pool.length, rng.int(min, max));
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(pool.splice(Math.floor(rng.next() * pool.length), 1)[0]!);
  return out;
}

const roundTo = (n: number, step: number) => Math.round(n / step) * step;
const DAY_MS = 86_400_000;
/** A listing's days from approval to expiry (JOB_LISTING_DAYS' default). */
export const LISTING_DAYS = 30;

/** Yes/no questions a poster asks every applicant, a few per job; "yes" required where it must be. */
function screeningQuestionsFor(
  rng: Rng,
  place: { city: string; country: string },
  remote: boolean,
  experience: string,
): NonNullable<NewJob['screeningQuestions']> {
  const pool = [
    { text: `Are you authorised to work in ${place.country}?`, requiredAnswer: 'yes' as const },
    remote
      ? {
          text: 'Can you overlap four hours a day with the office time zone?',
          requiredAnswer: 'yes' as const,
        }
      : {
          text: `Can you work from our ${place.city} office at least three days a week?`,
          requiredAnswer: 'yes' as const,
        },
    { text: `Do you have ${experience} of experience in a similar role?`, requiredAnswer: null },
    { text: 'Would you be willing to relocate?', requiredAnswer: null },
    { text: 'Can you start within a month?', requiredAnswer: null },
  ];
  return pickSome(rng, pool, 1, 3).map((q, i) => ({ _id: `q${i + 1}`, ...q }));
}

/**
 * A reviewed listing's life: approved for LISTING_DAYS, which most posters renewed while it was
 * still wanted; some were filled, a few left to expire. What remains approved expires within the
 * next LISTING_DAYS (some within days: the reminder's turn).
 */
function listingLife(
  rng: Rng,
  reviewedAt: Date,
  now: Date,
): Pick<NewJob, 'status' | 'expiresAt' | 'filledAt'> {
  let expiresAt = reviewedAt.getTime() + LISTING_DAYS * DAY_MS;
  const roll = rng.next();
  if (roll < 0.05) {
    const filledAt = new Date(reviewedAt.getTime() + rng.int(1, 20) * DAY_MS);
    if (filledAt < now) return { status: 'filled', expiresAt: new Date(expiresAt), filledAt };
  }
  if (expiresAt <= now.getTime()) {
    if (roll < 0.15) return { status: 'expired', expiresAt: new Date(expiresAt), filledAt: null };
    // Renewed each time it was due: the later of then and the old expiry, plus LISTING_DAYS.
    while (expiresAt <= now.getTime()) expiresAt += LISTING_DAYS * DAY_MS;
  }
  return { status: 'approved', expiresAt: new Date(expiresAt), filledAt: null };
}
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * `count` realistic job rows: every role, level and city mixed, created over the last 60 days,
 * most approved, some pending or rejected, some with a deadline (a few already passed); approved
 * ones expire LISTING_DAYS after approval unless renewed (some expired or filled, see listingLife),
 * a third ask screening questions.
 */
export function makeJobRows(
  rng: Rng,
  count: number,
  posterIds: readonly string[],
  now: Date,
  opts: { reviewerId?: string | null } = {},
): NewJob[] {
  const rows: NewJob[] = [];
  for (let i = 0; i < count; i++) {
    const role = rng.pick(ROLES);
    const lvl = weighted(rng, LEVELS, LEVEL_WEIGHTS);
    const place = weighted(
      rng,
      CITIES,
      CITIES.map((c) => c.weight),
    );
    const company = rng.pick(COMPANIES);
    const skills = pickSome(rng, role.skills, 2, role.skills.length);
    const type =
      lvl.level === 'Intern' ? 'Internship' : weighted(rng, JOB_EMPLOYMENT_TYPES, [14, 2, 3, 2, 0]);
    const createdAt = new Date(now.getTime() - rng.int(0, 60 * 24 * 60) * 60_000);
    const statusRoll = rng.next();
    const status = statusRoll < 0.82 ? 'approved' : statusRoll < 0.94 ? 'pending' : 'rejected';
    const hasSalary = rng.chance(0.75);
    const min = roundTo(role.pay[0] * lvl.factor * (0.9 + rng.next() * 0.2), 1000);
    const max = roundTo(role.pay[1] * lvl.factor * (0.9 + rng.next() * 0.2), 1000);
    const deadlineDays = rng.chance(0.5) ? rng.int(-10, 90) : null;
    const deadline =
      deadlineDays === null
        ? null
        : isoDate(new Date(createdAt.getTime() + (deadlineDays + 20) * 86_400_000));
    const remote = rng.chance(0.15);
    const title = `${lvl.prefix}${role.title}`;
    const reviewedAt = status === 'pending' ? null : new Date(createdAt.getTime() + 3_600_000);
    const life =
      status === 'approved' && reviewedAt
        ? listingLife(rng, reviewedAt, now)
        : { status, expiresAt: null, filledAt: null };
    const screeningQuestions = rng.chance(0.35)
      ? screeningQuestionsFor(rng, place, remote, lvl.experience)
      : [];
    rows.push({
      posterId: posterIds[i % posterIds.length]!,
      title,
      description: [
        `${company} is hiring a ${title.toLowerCase()} to join our ${role.category.toLowerCase()} team in ${place.city}.`,
        `You will work with ${skills.slice(0, 2).join(' and ')} every day, ship work that customers use, and help the team grow.`,
        remote
          ? 'This role is fully remote within the time zone of the office.'
          : 'You will work from our office with flexible hours.',
      ].join(' '),
      companyName: company,
      companyWebsite: `https://www.${company.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`,
      companyLogo: null,
      city: place.city,
      state: place.state,
      country: place.country,
      isRemote: remote,
      category: role.category,
      employmentType: type,
      level: lvl.level,
      salaryText: hasSalary
        ? `$${min.toLocaleString('en-US')} - $${max.toLocaleString('en-US')} per year`
        : null,
      salaryMin: hasSalary ? min : null,
      salaryMax: hasSalary ? Math.max(min, max) : null,
      requirements: `${lvl.experience} of experience. Comfortable with ${skills.join(', ')}.`,
      benefits: pickSome(rng, BENEFITS, 2, 4).join('\n'),
      skills,
      experience: lvl.experience,
      education: rng.pick(EDUCATION),
      applicationDeadline: deadline,
      contactEmail: `careers@${company.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`,
      screeningQuestions,
      ...life,
      rejectionReason: status === 'rejected' ? 'Please add the salary range and the office address.' : null,
      reviewedBy: status === 'pending' ? null : (opts.reviewerId ?? null),
      reviewedAt,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return rows;
}

export const step: SeedStep & { order: number } = {
  name: 'jobs',
  order: 60,
  async run(ctx) {
    const count = scaled(ctx, PER_SCALE.jobs, 120);
    // Demo accounts come first in ctx.userIds: the first is the admin, the others post.
    const reviewer = ctx.userIds[0] ?? null;
    const posters = ctx.userIds.length > 1 ? ctx.userIds.slice(1) : ctx.userIds;
    if (!posters.length) throw new Error('jobs seed needs users');
    const rows = makeJobRows(ctx.rng, count, posters, ctx.now, { reviewerId: reviewer });
    await insertBatched(rows, 500, (batch) => ctx.db.insert(jobs).values(batch));
    const by = (s: string) => rows.filter((r) => r.status === s).length;
    ctx.log(
      `jobs: ${count} (${by('approved')} listed, ${by('expired')} expired, ${by('filled')} filled, ${by('pending')} pending, ${by('rejected')} rejected)`,
    );
  },
};
