import type { Question } from '@agora/shared';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aQuestion } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { QuestionList, type QuestionListProps } from './question-list';

/**
 * An IntersectionObserver the test drives: it records what is observed, and `report` delivers what a
 * browser would (a browser reports an element's state once on observe(), then on every change).
 */
class FakeObserver {
  static live = new Set<FakeObserver>();
  targets: Element[] = [];
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {}
  observe(el: Element) {
    this.targets.push(el);
    FakeObserver.live.add(this);
  }
  unobserve() {}
  disconnect() {
    this.targets = [];
    FakeObserver.live.delete(this);
  }
  takeRecords() {
    return [];
  }
  static report(isIntersecting: boolean) {
    for (const o of [...FakeObserver.live]) {
      const entries = o.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
      act(() => o.callback(entries, o as unknown as IntersectionObserver));
    }
  }
}

const page = (from: number, n: number): Question[] =>
  Array.from({ length: n }, (_, i) => aQuestion({ _id: `q${from + i}`, title: `Question ${from + i}` }));

let setProps: (patch: Partial<QuestionListProps>) => void = () => {};

function Harness({ initial }: { initial: QuestionListProps }) {
  const [props, set] = useState(initial);
  setProps = (patch) => set((p) => ({ ...p, ...patch }));
  return <QuestionList {...props} />;
}

function renderList(loadMore: () => void, items: Question[]) {
  renderWithProviders(
    <Harness
      initial={{
        items,
        pending: false,
        error: false,
        hasMore: true,
        loadingMore: false,
        loadMore,
        selectedId: null,
        onSelect: () => {},
        empty: { title: 'Nothing' },
      }}
    />,
  );
}

describe('QuestionList: further pages as the list scrolls', { timeout: 30_000 }, () => {
  beforeEach(() => {
    FakeObserver.live.clear();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the next page when the end of the list comes near the screen, and for none before', async () => {
    const loadMore = vi.fn();
    renderList(loadMore, page(1, 10));
    await screen.findByText('Question 10');
    expect(FakeObserver.live.size).toBe(1);
    expect([...FakeObserver.live][0]!.options.rootMargin).toBe('400px');
    FakeObserver.report(false);
    expect(loadMore).not.toHaveBeenCalled();
    FakeObserver.report(true);
    expect(loadMore).toHaveBeenCalledTimes(1);
    // One request per approach: the observer is done until the page arrives.
    FakeObserver.report(true);
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('keeps loading after every page: the end is observed anew, and loads again while still near', async () => {
    const loadMore = vi.fn();
    renderList(loadMore, page(1, 10));
    await screen.findByText('Question 10');
    FakeObserver.report(true);
    expect(loadMore).toHaveBeenCalledTimes(1);
    act(() => setProps({ loadingMore: true }));
    expect(FakeObserver.live.size).toBe(0);

    // The second page arrives: nothing is asked for on the strength of the earlier sighting.
    act(() => setProps({ loadingMore: false, items: page(1, 20) }));
    await screen.findByText('Question 20');
    expect(loadMore).toHaveBeenCalledTimes(1);
    // The new end is observed; scrolled near again, the third page is asked for.
    expect(FakeObserver.live.size).toBe(1);
    FakeObserver.report(false);
    expect(loadMore).toHaveBeenCalledTimes(1);
    FakeObserver.report(true);
    expect(loadMore).toHaveBeenCalledTimes(2);

    // A short page leaves the end on screen: the fresh observation says so, and the next page follows.
    act(() => setProps({ loadingMore: true }));
    act(() => setProps({ loadingMore: false, items: page(1, 22) }));
    await screen.findByText('Question 22');
    FakeObserver.report(true);
    expect(loadMore).toHaveBeenCalledTimes(3);
  });

  it('uses rootMargin where the browser has no scrollMargin', async () => {
    renderList(vi.fn(), page(1, 10));
    await screen.findByText('Question 10');
    expect([...FakeObserver.live][0]!.options).toEqual({ rootMargin: '400px' });
  });

  it('does not add rootMargin to scrollMargin: Chromium applies both to the viewport, asking 800 px early', async () => {
    class ScrollMarginObserver extends FakeObserver {
      get scrollMargin() {
        return '0px';
      }
    }
    vi.stubGlobal('IntersectionObserver', ScrollMarginObserver);
    renderList(vi.fn(), page(1, 10));
    await screen.findByText('Question 10');
    expect([...FakeObserver.live][0]!.options).toEqual({ scrollMargin: '400px' });
  });

  it('stops at the last page and after a failed one', async () => {
    const loadMore = vi.fn();
    renderList(loadMore, page(1, 10));
    await screen.findByText('Question 10');
    act(() => setProps({ hasMore: false }));
    expect(FakeObserver.live.size).toBe(0);
    FakeObserver.report(true);
    act(() => setProps({ hasMore: true, error: true }));
    expect(FakeObserver.live.size).toBe(0);
    expect(loadMore).not.toHaveBeenCalled();
  });
});
