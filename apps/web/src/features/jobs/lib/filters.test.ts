import { describe, expect, it } from 'vitest';
import { LEVEL_OPTIONS, levelLabel, paramsFromSearch, searchFromParams } from './filters';

describe('job listing URL state', () => {
  it('round-trips every filter through the URL', () => {
    const p = {
      categories: ['Engineering', 'HR'],
      level: 'Senior',
      employmentType: 'Contract',
      sort: 'company' as const,
      search: 'react developer',
      location: 'Bengaluru',
      page: 3,
    };
    const url = searchFromParams(p).toString();
    expect(url).toBe(
      'search=react+developer&location=Bengaluru&category=Engineering&category=HR&level=Senior&employmentType=Contract&sort=company&page=3',
    );
    expect(paramsFromSearch(new URLSearchParams(url))).toEqual(p);
  });

  it('drops values the server would refuse and leaves defaults out', () => {
    const p = paramsFromSearch(
      new URLSearchParams(
        'category=Astrology&category=Design&category=Design&level=Wizard&sort=random&page=-2',
      ),
    );
    expect(p).toEqual({
      categories: ['Design'],
      level: null,
      employmentType: null,
      sort: null,
      search: '',
      location: '',
      page: 1,
    });
    expect(searchFromParams(p).toString()).toBe('category=Design');
  });

  it("offers one level vocabulary and reads the posting form's names as its rungs", () => {
    expect(LEVEL_OPTIONS.map((o) => o.value)).toEqual([
      'Intern',
      'Junior',
      'Mid-level',
      'Senior',
      'Lead',
      'Principal',
      'Executive',
    ]);
    expect(paramsFromSearch(new URLSearchParams('level=Senior-level')).level).toBe('Senior');
    expect(paramsFromSearch(new URLSearchParams('level=Entry-level')).level).toBe('Junior');
    expect(levelLabel('Senior')).toBe('Senior / Senior-level');
  });
});
