import { describe, expect, it } from 'vitest';
import {
  computeMatch,
  levelHalfPoints,
  type MatchJob,
  matchScore,
  matchSummary,
  placeTerms,
  profileSkillKeys,
} from './job-match.js';

const job = (over: Partial<MatchJob> = {}): MatchJob => ({
  skills: ['JavaScript', 'PostgreSQL', 'Docker', 'AWS'],
  level: 'Senior',
  isRemote: false,
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  ...over,
});

describe('job match score', () => {
  it('gives 70 points for skills by share, 15 for level, 15 for location', () => {
    const m = computeMatch(
      { skillKeys: profileSkillKeys(['js', 'Postgres']), level: 'Senior', location: 'Bangalore, India' },
      job(),
    );
    // 2 of 4 skills: 35, same level 15, the city (older name) 15.
    expect(m).toEqual({ score: 65, matched: ['JavaScript', 'PostgreSQL'], missing: ['Docker', 'AWS'] });
  });

  it('folds synonyms on both sides and counts inferred skills', () => {
    const keys = profileSkillKeys(['JS'], ['k8s', 'amazon web services']);
    const m = computeMatch(
      { skillKeys: keys, level: null, location: null },
      job({ skills: ['javascript', 'Kubernetes', 'AWS'] }),
    );
    expect(m.matched).toEqual(['javascript', 'Kubernetes', 'AWS']);
    expect(m.missing).toEqual([]);
    // 70 + half level (no level on the profile) 7.5 + half location (none given) 7.5.
    expect(m.score).toBe(85);
  });

  it('halves the level one rung off, none further; a job level on no rung counts full', () => {
    expect(levelHalfPoints('Senior', 'Senior-level')).toBe(30);
    expect(levelHalfPoints('Mid-level', 'Senior')).toBe(15);
    expect(levelHalfPoints('Junior', 'Senior')).toBe(0);
    expect(levelHalfPoints(null, 'Senior')).toBe(15);
    expect(levelHalfPoints('Junior', 'Whatever')).toBe(30);
  });

  it('counts a remote job as in place, and another city as nothing', () => {
    const p = { skillKeys: [], level: 'Senior', location: 'Pune' };
    // No skills of the four: 0 + 15 + 15.
    expect(computeMatch(p, job({ isRemote: true })).score).toBe(30);
    expect(computeMatch(p, job()).score).toBe(15);
  });

  it('scores a job with no skills on level and location alone, scaled to 100', () => {
    const p = { skillKeys: ['go'], level: 'Senior', location: 'India' };
    expect(computeMatch(p, job({ skills: [] }))).toEqual({ score: 100, matched: [], missing: [] });
    expect(computeMatch({ ...p, location: 'Pune' }, job({ skills: [] })).score).toBe(50);
    expect(computeMatch({ ...p, level: null, location: null }, job({ skills: [] })).score).toBe(50);
  });

  it('rounds half up in whole numbers (as the SQL does)', () => {
    // 1 of 3 skills: 23.33…; + 7.5 + 7.5 = 38.33 → 38. 2 of 4 + 7.5 = 42.5 → 43.
    expect(matchScore(1, 3, 15, 15)).toBe(38);
    expect(matchScore(2, 4, 15, 0)).toBe(43);
    expect(matchScore(4, 4, 30, 30)).toBe(100);
    expect(matchScore(0, 4, 0, 0)).toBe(0);
    for (let n = 1; n <= 50; n++) {
      for (let m = 0; m <= n; m++) {
        for (const rest of [0, 15, 30, 45, 60]) {
          expect(matchScore(m, n, rest, 0)).toBe(Math.round((70 * m) / n + rest / 2 + 1e-9));
        }
      }
    }
  });

  it('takes the first place of a profile location with its other names', () => {
    expect(placeTerms(' Bangalore , Karnataka')).toEqual(['bengaluru', 'bangalore']);
    expect(placeTerms('')).toEqual([]);
    expect(placeTerms(null)).toEqual([]);
  });

  it('says "n of m skills match — missing …"', () => {
    expect(matchSummary({ matched: ['a', 'b'], missing: ['Docker', 'AWS'] })).toBe(
      '2 of 4 skills match — missing Docker, AWS',
    );
    expect(matchSummary({ matched: ['a'], missing: [] })).toBe('1 of 1 skill match');
    expect(matchSummary({ matched: [], missing: ['a', 'b', 'c', 'd', 'e'] })).toBe(
      '0 of 5 skills match — missing a, b, c and 2 more',
    );
    expect(matchSummary({ matched: [], missing: [] })).toBeNull();
  });
});
