import { describe, expect, it } from 'vitest';
import { CreateIdeaBody, ListIdeasQuery, normalizeTags } from './ideas.js';

describe('normalizeTags (spec 02 §2)', () => {
  it('splits text on commas, trims, drops empties and de-duplicates case-insensitively', () => {
    expect(normalizeTags(' ai,  health ,,AI, mobile  apps ,')).toEqual(['ai', 'health', 'mobile apps']);
    expect(normalizeTags(['x', ' ', 'y, z', 'X'])).toEqual(['x', 'y', 'z']);
    expect(normalizeTags(undefined)).toEqual([]);
    expect(normalizeTags('')).toEqual([]);
  });
});

describe('CreateIdeaBody', () => {
  const base = { title: 't', description: 'd', category: 'Healthcare' };
  it('accepts a share-page category and turns tags text into a list', () => {
    const r = CreateIdeaBody.parse({ ...base, tags: 'a, b' });
    expect(r.tags).toEqual(['a', 'b']);
    expect(r.contactInfo).toBeUndefined();
  });
  it('refuses 21 tags and a tag over 50 characters', () => {
    expect(
      CreateIdeaBody.safeParse({ ...base, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }).success,
    ).toBe(false);
    expect(CreateIdeaBody.safeParse({ ...base, tags: 'x'.repeat(51) }).success).toBe(false);
  });
});

describe('ListIdeasQuery', () => {
  it('defaults to newest, page 1, limit 10 and clamps out-of-range numbers', () => {
    expect(ListIdeasQuery.parse({})).toMatchObject({ sort: 'newest', page: 1, limit: 10 });
    expect(ListIdeasQuery.parse({ page: '-3', limit: '100000' })).toMatchObject({ page: 1, limit: 100 });
    expect(ListIdeasQuery.parse({ page: '2.7', limit: '0' })).toMatchObject({ page: 2, limit: 1 });
    expect(ListIdeasQuery.safeParse({ page: 'abc' }).success).toBe(false);
  });
});
