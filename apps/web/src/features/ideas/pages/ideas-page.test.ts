import type { Idea } from '@agora/shared';
import { describe, expect, it } from 'vitest';
import { categoryEntries } from '../components/category-sidebar';
import { filterIdeas } from './ideas-page';

const idea = (title: string, description: string, category: string) =>
  ({ _id: title, title, description, category }) as unknown as Idea;

describe('listing search (spec 02 §5)', () => {
  const ideas = [
    idea('Solar Kiosk', 'Energy for shops', 'Environment'),
    idea('Tutor app', 'Peer learning', 'Education'),
  ];
  it('filters loaded ideas case-insensitively on title, description or category', () => {
    expect(filterIdeas(ideas, 'SOLAR').map((i) => i.title)).toEqual(['Solar Kiosk']);
    expect(filterIdeas(ideas, 'peer').map((i) => i.title)).toEqual(['Tutor app']);
    expect(filterIdeas(ideas, 'educat').map((i) => i.title)).toEqual(['Tutor app']);
    expect(filterIdeas(ideas, '  ')).toHaveLength(2);
    expect(filterIdeas(ideas, 'nothing')).toEqual([]);
  });
});

describe('category sidebar entries (CONTRACT §5)', () => {
  it('lists All, every listing category, then other categories in use', () => {
    // One list for the forms and the sidebar: Healthcare is in it; a retired name still in use shows last.
    const entries = categoryEntries({ Technology: 3, Healthcare: 2, Legacy: 1, Sports: 0 });
    expect(entries[0]).toEqual(['All', 6]);
    expect(entries.map(([n]) => n)).toContain('Sports');
    expect(entries.map(([n]) => n)).toContain('Healthcare');
    expect(entries.at(-1)).toEqual(['Legacy', 1]);
  });
});
