import type { Idea, IdeaList } from '@agora/shared';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { patchAuthorFollowed, patchIdea } from './idea-actions';
import { ideaKeys } from './keys';

const idea = (id: string, authorId = 'a1') =>
  ({ _id: id, title: id, author: { id: authorId } }) as unknown as Idea;
const pages = (...ideas: Idea[]) =>
  ({ pages: [{ ideas } as unknown as IdeaList], pageParams: [1] }) as InfiniteData<IdeaList, number>;
const ideasIn = (qc: QueryClient, key: readonly unknown[]) =>
  qc.getQueryData<InfiniteData<IdeaList, number>>(key)!.pages[0]!.ideas;

describe('idea caches patched wherever the idea shows', () => {
  it("reaches each viewer's Hidden Ideas, keyed by the ideas key factory", () => {
    const qc = new QueryClient();
    qc.setQueryData(ideaKeys.hidden('u1'), pages(idea('i1'), idea('i2', 'a2')));
    qc.setQueryData(ideaKeys.list('all', 'new'), pages(idea('i1')));
    patchIdea(qc, 'i1', (i) => ({ ...i, title: 'Renamed' }));
    expect(ideasIn(qc, ideaKeys.hidden('u1')).map((i) => i.title)).toEqual(['Renamed', 'i2']);
    expect(ideasIn(qc, ideaKeys.list('all', 'new'))[0]!.title).toBe('Renamed');

    patchAuthorFollowed(qc, 'a2', true);
    expect(ideasIn(qc, ideaKeys.hidden('u1')).map((i) => i.authorFollowed ?? false)).toEqual([false, true]);
  });
});
