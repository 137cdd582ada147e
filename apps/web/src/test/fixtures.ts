import type { Application, Job, Question } from '@agora/shared';

/** A paid, open question as the API returns it; tests override what they are about. */
export const aQuestion = (over: Partial<Question> = {}): Question => ({
  _id: 'q1',
  title: 'How do I price a pottery class?',
  description: 'I teach **beginners** and want a fair price.',
  category: 'Business',
  status: 'open',
  views: 12,
  answerCount: 3,
  answers: [],
  author: { id: 'u1', displayName: 'Quinn' },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  isPaid: true,
  paymentAmount: 4000,
  rewardAmount: 4000,
  aiRanked: false,
  aiRankedAt: null,
  image: null,
  rewardsDistributed: false,
  acceptanceCriteria: null,
  hidden: false,
  escrow: {
    state: 'held',
    amount: 4000,
    heldAt: '2026-11-01T00:00:00.000Z',
    deadline: '2026-11-15T00:00:00.000Z',
    settledAt: null,
  },
  ...over,
});

const DAY = 86_400_000;

/** An approved job as GET /api/jobs/{id} returns it, posted a day ago; tests override the rest. */
export const aJob = (over: Partial<Job> = {}): Job => ({
  _id: 'j1',
  title: 'Backend Engineer',
  description: 'APIs',
  company: { name: 'Acme', website: null, logo: null },
  location: { city: 'Pune', state: null, country: 'India' },
  isRemote: false,
  category: 'Engineering',
  employmentType: 'Full-time',
  type: 'Full-time',
  level: 'Mid-level',
  salary: { min: null, max: null, currency: 'USD', text: null },
  requirements: { skills: [], text: null },
  skills: [],
  benefits: null,
  experience: null,
  education: null,
  applicationDeadline: null,
  applicationsOpen: true,
  contactEmail: 'jobs@acme.example.com',
  status: 'approved',
  state: 'open',
  expiresAt: null,
  screeningQuestions: [],
  rejectionReason: null,
  author: { id: 'someone', displayName: 'Someone' },
  createdAt: new Date(Date.now() - DAY).toISOString(),
  updatedAt: new Date(Date.now() - DAY).toISOString(),
  ...over,
});

/** An application as the API answers it (the seeker's list, the poster's pipeline). */
export const anApplication = (over: Partial<Application> = {}): Application => ({
  _id: 'a1',
  job: { _id: 'j1', title: 'Backend Engineer', company: 'Acme' },
  applicant: { id: 'u2', displayName: 'Ravi Kumar' },
  status: 'submitted',
  coverNote: null,
  resume: { originalName: 'ravi.pdf', size: 120_000, mimetype: 'application/pdf' },
  answers: [],
  screenedOut: false,
  history: [{ status: 'submitted', at: '2026-03-01T10:00:00.000Z' }],
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...over,
});
