import { type Idea, type IdeaDetail, type IdeaList, MSG } from '@agora/shared';
import { MantineProvider } from '@mantine/core';
import { InfiniteQueryObserver, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cssVariablesResolver, makeTheme } from '../../app/theme';
import { clearSession, setSession } from '../../lib/auth-store';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders, testUser } from '../../test/render';
import { onApi } from '../../test/server';
import { ideaDetailQuery } from './api/get-idea';
import { cancelIdeaRefetches } from './api/idea-actions';
import { ideaKeys } from './api/keys';
import { ideasListQuery, uniqueIdeas } from './api/list-ideas';
import { FollowersPage } from './pages/followers-page';
import { HiddenIdeasPage } from './pages/hidden-ideas-page';
import { IdeaDetailPage } from './pages/idea-detail-page';
import { IdeasPage } from './pages/ideas-page';

const author = { id: 'a1', displayName: 'Ravi' };
const idea = (n: number, over: Partial<Idea> = {}): Idea => ({
  _id: `i${n}`,
  id: `i${n}`,
  title: `Idea ${n}`,
  description: `About ${n}`,
  category: 'Technology',
  tags: [],
  contactInfo: null,
  hidden: false,
  hiddenByAdmin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  author,
  likeCount: 0,
  likes: 0,
  liked: false,
  authorFollowed: false,
  commentCount: 0,
  views: 0,
  status: 'new',
  mergedInto: null,
  followerCount: 1,
  following: false,
  cover: null,
  ...over,
});
const page = (ideas: Idea[], current: number, hasMore: boolean): IdeaList => ({
  ideas,
  pagination: { current, total: hasMore ? current + 1 : current, hasMore },
  totalItems: 99,
});
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers });

/** The API answered by a function of (method, path, query); returns the calls made. */
function stubFetch(answer: (method: string, path: string, q: URLSearchParams, body: unknown) => Response) {
  const calls: string[] = [];
  onApi(async (request, path) => {
    const url = new URL(path, 'http://x');
    const method = request.method.toUpperCase();
    calls.push(`${method} ${url.pathname}${url.search}`);
    const text = await request.text();
    return answer(method, url.pathname, url.searchParams, text ? JSON.parse(text) : null);
  });
  return calls;
}

function ViewsProbe({ qc }: { qc: QueryClient }) {
  const q = useQuery(ideaDetailQuery('i1'), qc);
  return <span>views {q.data?.views ?? '-'}</span>;
}

/** The detail page under its real route pattern (it reads :id). */
function renderDetail(id: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/idea/:id', element: <IdeaDetailPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/idea/${id}`] },
  );
  return render(
    <MantineProvider theme={makeTheme('grape')} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={qc}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

// The comment box's autosize listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('Load More (audit 3, 4)', { timeout: 30_000 }, () => {
  it('shows each idea once when a page repeats one', () => {
    expect(
      uniqueIdeas([page([idea(1), idea(2)], 1, true), page([idea(2), idea(3)], 2, false)]).map((i) => i._id),
    ).toEqual(['i1', 'i2', 'i3']);
  });

  it('asks for the next page after the last idea shown (the server’s cursor), with its page number', async () => {
    const calls = stubFetch((_m, path, q) => {
      if (path === '/api/ideas/categories') return json({ Technology: 11 });
      if (path !== '/api/ideas') return json({}, 404);
      if (q.get('page') === '1')
        return json({ ...page([idea(1), idea(2)], 1, true), nextCursor: 'CUR-AFTER-2' });
      return json({ ...page([idea(3)], 2, false), nextCursor: null });
    });
    renderWithProviders(<IdeasPage />, { route: '/ideas' });
    fireEvent.click(await screen.findByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('Idea 3')).toBeTruthy();
    const next = calls.find((c) => c.includes('page=2'));
    expect(next).toContain('cursor=CUR-AFTER-2');
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('keeps the list and offers a retry in place when the next page fails', async () => {
    let failNext = true;
    stubFetch((_m, path, q) => {
      if (path === '/api/ideas/categories') return json({ Technology: 11 });
      if (path !== '/api/ideas') return json({}, 404);
      if (q.get('page') === '1') return json(page([idea(1), idea(2)], 1, true));
      if (failNext) {
        failNext = false;
        return json({ error: 'Boom', message: 'Boom', code: 'X' }, 400);
      }
      return json(page([idea(2), idea(3)], 2, false));
    });
    renderWithProviders(<IdeasPage />, { route: '/ideas' });
    expect(await screen.findByText('Idea 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load more ideas.')).toBeTruthy();
    expect(screen.getByText('Idea 1')).toBeTruthy();
    expect(screen.queryByText('Error Loading Ideas')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Idea 3')).toBeTruthy();
    // Idea 2 came on both pages: one card, no duplicate keys.
    expect(screen.getAllByText('Idea 2')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('/hidden-ideas offers no Restore for an idea a moderator hid, and says why', async () => {
    setSession('t', testUser as never);
    stubFetch(() =>
      json(page([idea(1, { hidden: true, hiddenByAdmin: true }), idea(2, { hidden: true })], 1, false)),
    );
    renderWithProviders(<HiddenIdeasPage />, { route: '/hidden-ideas' });
    const moderated = (await screen.findByText('Idea 1')).closest('article')!;
    expect(within(moderated as HTMLElement).getByText('Hidden by a moderator')).toBeTruthy();
    expect(within(moderated as HTMLElement).getByText(`${MSG.ideaHiddenByAdmin}.`)).toBeTruthy();
    expect(within(moderated as HTMLElement).queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(within(moderated as HTMLElement).getByRole('button', { name: 'Delete' })).toBeTruthy();
    const own = screen.getByText('Idea 2').closest('article')!;
    expect(within(own as HTMLElement).getByRole('button', { name: 'Restore' })).toBeTruthy();
  });

  it('does the same on /hidden-ideas', async () => {
    setSession('t', testUser as never);
    let n = 0;
    stubFetch((_m, _path, q) => {
      if (q.get('page') === '1') return json(page([idea(1, { hidden: true })], 1, true));
      n++;
      return n === 1
        ? json({ error: 'x', message: 'x', code: 'X' }, 400)
        : json(page([idea(1), idea(4)], 2, false));
    });
    renderWithProviders(<HiddenIdeasPage />, { route: '/hidden-ideas' });
    fireEvent.click(await screen.findByRole('button', { name: 'Load More' }));
    const alert = await screen.findByRole('alert');
    expect(screen.getByText('Idea 1')).toBeTruthy();
    expect(screen.queryByText('Could not load your hidden ideas.')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Idea 4')).toBeTruthy();
    expect(screen.getAllByText('Idea 1')).toHaveLength(1);
  });
});

describe('idea detail (audit 1, 5, 6)', { timeout: 30_000 }, () => {
  const detail = (over: Partial<IdeaDetail> = {}): IdeaDetail => ({
    ...idea(1),
    comments: [
      {
        _id: 'c3',
        id: 'c3',
        ideaId: 'i1',
        content: 'Latest comment',
        createdAt: '2026-01-02T00:00:00.000Z',
        author,
      },
    ],
    commentsCursor: 'CUR1',
    commentCount: 3,
    attachments: [],
    timeline: [],
    organizations: [],
    responses: [],
    team: [],
    bounties: [],
    hackathons: [],
    ...over,
  });

  it('reads the idea again on each visit (a view is counted, comments are current)', async () => {
    let views = 0;
    stubFetch(() => json(detail({ views: ++views })));
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const first = render(<ViewsProbe qc={qc} />);
    expect(await screen.findByText('views 1')).toBeTruthy();
    first.unmount();
    render(<ViewsProbe qc={qc} />);
    expect(await screen.findByText('views 2')).toBeTruthy();
  });

  it('reads it once per visit when the route asks for it while the page loads', async () => {
    let views = 0;
    const calls = stubFetch((_m, path) =>
      path === '/api/ideas/i1' ? json(detail({ views: ++views })) : json({ ideas: [], pagination: {} }),
    );
    const { ideasRoutes } = await import('./routes');
    const { queryClient } = await import('../../lib/query-client');
    const route = ideasRoutes.find((r) => r.path === 'idea/:id')!;
    const router = createMemoryRouter([route, { path: '*', element: <p>elsewhere</p> }], {
      initialEntries: ['/idea/i1'],
    });
    render(
      <MantineProvider theme={makeTheme('grape')} cssVariablesResolver={cssVariablesResolver} env="test">
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await screen.findByRole('heading', { name: detail().title });
    await new Promise((r) => setTimeout(r, 100));
    const reads = () => calls.filter((c) => c === 'GET /api/ideas/i1').length;
    expect(reads()).toBe(1);
    await router.navigate('/elsewhere');
    await router.navigate('/idea/i1');
    await screen.findByRole('heading', { name: detail().title });
    await new Promise((r) => setTimeout(r, 100));
    expect(reads()).toBe(2);
    queryClient.clear();
  });

  it('pages back through earlier comments with "Show earlier comments"', async () => {
    const calls = stubFetch((_m, path, q) => {
      if (path === '/api/ideas/i1') return json(detail());
      if (path === '/api/ideas/i1/comments' && q.get('before') === 'CUR1') {
        return json(
          [
            {
              _id: 'c2',
              id: 'c2',
              ideaId: 'i1',
              content: 'Second comment',
              createdAt: '2026-01-01T12:00:00.000Z',
              author,
            },
          ],
          200,
          { 'X-Next-Cursor': 'CUR2' },
        );
      }
      if (path === '/api/ideas/i1/comments' && q.get('before') === 'CUR2') {
        return json([
          {
            _id: 'c1',
            id: 'c1',
            ideaId: 'i1',
            content: 'First comment',
            createdAt: '2026-01-01T00:00:00.000Z',
            author,
          },
        ]);
      }
      if (path.endsWith('/followers/count')) return json({ count: 0 });
      return json({}, 404);
    });
    renderDetail('i1');
    expect(await screen.findByText('Latest comment')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier comments' }));
    expect(await screen.findByText('Second comment')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier comments' }));
    expect(await screen.findByText('First comment')).toBeTruthy();
    const order = screen.getAllByText(/comment$/).map((e) => e.textContent);
    expect(order).toEqual(['First comment', 'Second comment', 'Latest comment']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show earlier comments' })).toBeNull());
    expect(calls.filter((c) => c.startsWith('GET /api/ideas/i1/comments'))).toHaveLength(2);
  });

  it("shows the author's follower count and updates it from the follow answer", async () => {
    setSession('t', testUser as never);
    const calls = stubFetch((m, path) => {
      if (path === '/api/ideas/i1') return json(detail({ commentsCursor: null, commentCount: 1 }));
      if (path === '/api/users/a1/followers/count')
        return json({ count: calls.some((c) => c.startsWith('POST')) ? 8 : 7 });
      if (m === 'POST' && path === '/api/users/follow')
        return json({ followerCount: 8, following: true, message: 'ok' });
      return json({ following: [], followers: [], users: [], total: 0 });
    });
    renderDetail('i1');
    expect((await screen.findByTestId('author-follower-count')).textContent).toBe('7 followers');
    fireEvent.click(screen.getByRole('button', { name: 'Follow Ravi' }));
    await waitFor(() => expect(screen.getByTestId('author-follower-count').textContent).toBe('8 followers'));
    // The control reads the idea's authorFollowed, patched at once.
    expect(screen.getByRole('button', { name: 'Following Ravi' })).toBeTruthy();
  });
});

describe('followers page (audit 2)', { timeout: 30_000 }, () => {
  it('counts tabs from the totals and notes a bounded list; Follow Back reads each row', async () => {
    setSession('t', testUser as never);
    const people = [
      { id: 'p1', displayName: 'Mia', name: 'Mia K', followed: true },
      { id: 'p2', displayName: 'Noor', name: 'Noor S', followed: false },
    ];
    stubFetch((_m, path) =>
      path === '/api/users/followers'
        ? json({ followers: ['p1', 'p2'], users: people, total: 1500 })
        : json({ following: [], users: [], total: 3000 }),
    );
    renderWithProviders(<FollowersPage />, { route: '/followers' });
    expect(await screen.findByRole('tab', { name: 'Followers (1500)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Following (3000)' })).toBeTruthy();
    expect(screen.getByTestId('follow-list-truncated').textContent).toBe(
      'Showing the 2 most recent of 1500.',
    );
    // Mia is followed although the (bounded) following list does not hold her.
    expect(screen.getAllByRole('button', { name: 'Following' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Follow Back' })).toHaveLength(1);
  });
});

describe('like handler cancellation (audit 7)', () => {
  it('cancels a refetch of the patched caches but not a Load More in flight or other queries', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    let release: (v: IdeaList) => void = () => {};
    const opts = {
      ...ideasListQuery('All', 'newest'),
      queryFn: ({ pageParam }: { pageParam: { page: number; cursor?: string } }) =>
        pageParam.page === 1
          ? Promise.resolve(page([idea(1)], 1, true))
          : new Promise<IdeaList>((r) => {
              release = r;
            }),
    };
    await qc.fetchInfiniteQuery(opts);
    const obs = new InfiniteQueryObserver(qc, opts as never);
    const unsub = obs.subscribe(() => {});
    const next = obs.fetchNextPage();
    // A refetch of the idea's detail is in flight: that one must stop (it would undo the like).
    let views = 0;
    const detailFn = () => new Promise((r) => setTimeout(() => r({ ...idea(1), views: ++views }), 20));
    await qc.fetchQuery({ queryKey: ideaKeys.detail('i1'), queryFn: detailFn });
    const refetch = qc.refetchQueries({ queryKey: ideaKeys.detail('i1') });
    let searchDone = false;
    const search = qc
      .fetchQuery({
        queryKey: ideaKeys.search('x'),
        queryFn: () => new Promise((r) => setTimeout(() => r([]), 20)),
      })
      .then(() => {
        searchDone = true;
      });
    await cancelIdeaRefetches(qc, 'i1');
    release(page([idea(2)], 2, false));
    await Promise.allSettled([next, search, refetch]);
    const data = qc.getQueryData<{ pages: IdeaList[] }>(ideaKeys.list('All', 'newest'));
    expect(data?.pages.flatMap((p) => p.ideas.map((i) => i._id))).toEqual(['i1', 'i2']);
    expect(searchDone).toBe(true);
    expect(qc.getQueryData<Idea>(ideaKeys.detail('i1'))?.views).toBe(1);
    unsub();
  });
});
