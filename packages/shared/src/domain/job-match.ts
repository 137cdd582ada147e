import { skillKey, skillKeys } from './skill-keys.js';

/**
 * How well a job matches a profile, 0–100, computed when asked and never stored:
 *
 * - skills, 70 points: the share of the job's skills (by skill key: synonyms folded) that the
 *   profile has, its own skills and those inferred from its résumé together;
 * - level, 15 points: the profile's level on the job's rung full, one rung off half, further off
 *   nothing; a profile without a level half; a job whose level is on no known rung full;
 * - location, 15 points: a remote job full; a profile location whose first place (city, state or
 *   country, older names too) is the job's city, state or country full, another place nothing;
 *   a profile without a location half.
 *
 * A job that lists no skills is scored on level and location alone, scaled to 100.
 * The total is rounded half up, in whole numbers only, so the SQL ordering of `sort=match`
 * (jobs.repo.ts matchScoreSql) computes exactly the same score.
 */
export const MATCH_POINTS = { skills: 70, level: 15, location: 15 } as const;

/** The rungs of both level lists (spec 03 §3 has two); each name on its rung. */
export const LEVEL_RUNGS: Readonly<Record<string, number>> = {
  Intern: 0,
  Junior: 1,
  'Entry-level': 1,
  'Mid-level': 2,
  Senior: 3,
  'Senior-level': 3,
  Lead: 4,
  Principal: 5,
  Executive: 6,
};

/** Older and newer names people type for the same place (a job or a profile may carry either). */
export const PLACE_ALIASES: readonly (readonly string[])[] = [
  ['bengaluru', 'bangalore'],
  ['mumbai', 'bombay'],
  ['chennai', 'madras'],
  ['kolkata', 'calcutta'],
  ['gurugram', 'gurgaon'],
  ['delhi', 'new delhi'],
  ['pune', 'poona'],
  ['kochi', 'cochin'],
  ['mysuru', 'mysore'],
  ['thiruvananthapuram', 'trivandrum'],
  ['vadodara', 'baroda'],
  ['united states', 'usa', 'us', 'united states of america'],
  ['united kingdom', 'uk', 'great britain'],
];

/** "Bengaluru, Karnataka" → its first place and that place's other names, lower-case. */
export function placeTerms(location: string | null | undefined): string[] {
  const first = (location ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase().replace(/\s+/g, ' '))
    .find(Boolean);
  if (!first) return [];
  return [...(PLACE_ALIASES.find((g) => g.includes(first)) ?? [first])];
}

/** What the score reads of a profile. */
export interface MatchProfile {
  /** Skill keys (skillKeys of the profile's and the inferred skills). */
  skillKeys: readonly string[];
  level: string | null;
  location: string | null;
}

/** What the score reads of a job. */
export interface MatchJob {
  skills: readonly string[];
  level: string | null;
  isRemote: boolean;
  city: string | null;
  state: string | null;
  country: string | null;
}

export interface MatchResult {
  score: number;
  matched: string[];
  missing: string[];
}

/** Level points doubled (0, 15 or 30), so that halves stay whole numbers. */
export function levelHalfPoints(profileLevel: string | null, jobLevel: string | null): number {
  const job = jobLevel == null ? undefined : LEVEL_RUNGS[jobLevel];
  if (job === undefined) return 2 * MATCH_POINTS.level;
  const mine = profileLevel == null ? undefined : LEVEL_RUNGS[profileLevel];
  if (mine === undefined) return MATCH_POINTS.level;
  const off = Math.abs(mine - job);
  return off === 0 ? 2 * MATCH_POINTS.level : off === 1 ? MATCH_POINTS.level : 0;
}

/** Location points doubled (0, 15 or 30). */
export function locationHalfPoints(profileLocation: string | null, job: MatchJob): number {
  if (job.isRemote) return 2 * MATCH_POINTS.location;
  const terms = placeTerms(profileLocation);
  if (terms.length === 0) return MATCH_POINTS.location;
  const places = [job.city, job.state, job.country].map((p) => (p ?? '').toLowerCase());
  return places.some((p) => p !== '' && terms.includes(p)) ? 2 * MATCH_POINTS.location : 0;
}

/**
 * The score from its parts, in integers: `n` job skill keys of which `m` the profile has, and the
 * doubled level and location points. Rounds half up, as the SQL does with integer division.
 */
export function matchScore(m: number, n: number, levelHalf: number, locationHalf: number): number {
  const rest = levelHalf + locationHalf; // 0‥60, in half points
  if (n === 0) return Math.floor((100 * rest + 30) / 60);
  return Math.floor((2 * MATCH_POINTS.skills * m + n * rest + n) / (2 * n));
}

/** The whole match of a job for a profile: its score and the job's skills as the job spells them. */
export function computeMatch(profile: MatchProfile, job: MatchJob): MatchResult {
  const have = new Set(profile.skillKeys);
  const matched: string[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  for (const skill of job.skills) {
    const key = skillKey(skill);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    (have.has(key) ? matched : missing).push(skill.trim());
  }
  const score = matchScore(
    matched.length,
    seen.size,
    levelHalfPoints(profile.level, job.level),
    locationHalfPoints(profile.location, job),
  );
  return { score, matched, missing };
}

/** The skill keys of a profile: its own skills and those inferred from its résumé. */
export function profileSkillKeys(skills: readonly string[], inferred: readonly string[] = []): string[] {
  return skillKeys([...skills, ...inferred]);
}

/** "7 of 9 skills match — missing Docker, AWS" (the card's line); null for a job with no skills. */
export function matchSummary(match: {
  matched: readonly string[];
  missing: readonly string[];
}): string | null {
  const n = match.matched.length + match.missing.length;
  if (n === 0) return null;
  const head = `${match.matched.length} of ${n} skill${n === 1 ? '' : 's'} match`;
  if (match.missing.length === 0) return head;
  const shown = match.missing.slice(0, 3).join(', ');
  const more = match.missing.length > 3 ? ` and ${match.missing.length - 3} more` : '';
  return `${head} — missing ${shown}${more}`;
}
