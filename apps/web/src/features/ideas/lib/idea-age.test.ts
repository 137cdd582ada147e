import { describe, expect, it } from 'vitest';
import { ideaAge } from './idea-age';

describe('ideaAge (spec 02 §9)', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it('says now, minutes, hours, then days', () => {
    expect(ideaAge(ago(59_000), now)).toBe('now');
    expect(ideaAge(ago(60_000), now)).toBe('1m ago');
    expect(ideaAge(ago(59 * 60_000), now)).toBe('59m ago');
    expect(ideaAge(ago(60 * 60_000), now)).toBe('1h ago');
    expect(ideaAge(ago(23 * 3_600_000), now)).toBe('23h ago');
    expect(ideaAge(ago(24 * 3_600_000), now)).toBe('1d ago');
    expect(ideaAge(ago(400 * 86_400_000), now)).toBe('400d ago');
    expect(ideaAge(ago(-5000), now)).toBe('now');
  });
});
