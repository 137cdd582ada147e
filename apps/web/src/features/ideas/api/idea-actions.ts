import type { CreateIdeaBody, Idea, IdeaComment, IdeaDetail, IdeaList, LikeResult } from '@agora/shared';
import {
  type InfiniteData,
  type Query,
  type QueryClient,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CommentsPage } from './comments';
import { ideaKeys } from './keys';

type Pages = InfiniteData<IdeaList, number>;

/** Applies a change to an idea wherever it is cached (listing pages, hidden pages, detail). */
export function patchIdea(qc: QueryClient, id: string, patch: (idea: Idea) => Idea) {
  const inPages = (data: Pages | undefined) =>
    data && {
      ...data,
      pages: data.pages.map((p) => ({ ...p, ideas: p.ideas.map((i) => (i._id === id ? patch(i) : i)) })),
    };
  qc.setQueriesData<Pages>({ queryKey: ideaKeys.lists() }, inPages);
  qc.setQueriesData<Pages>({ queryKey: ideaKeys.hiddenAll() }, inPages);
  qc.setQueryData<IdeaDetail>(ideaKeys.detail(id), (d) => d && { ...d, ...patch(d) });
}

/**
 * Sets "I follow this author" on every cached idea of theirs (listing, hidden, any detail): the
 * Follow control reads it from the idea, not from the bounded following list.
 */
export function patchAuthorFollowed(qc: QueryClient, authorId: string, followed: boolean) {
  const set = (i: Idea) => (i.author.id === authorId ? { ...i, authorFollowed: followed } : i);
  const inPages = (data: Pages | undefined) =>
    data && { ...data, pages: data.pages.map((p) => ({ ...p, ideas: p.ideas.map(set) })) };
  qc.setQueriesData<Pages>({ queryKey: ideaKeys.lists() }, inPages);
  qc.setQueriesData<Pages>({ queryKey: ideaKeys.hiddenAll() }, inPages);
  qc.setQueriesData<IdeaDetail>({ queryKey: ideaKeys.details() }, (d) => d && { ...d, ...set(d) });
}

/** A refetch with data to keep, and not a Load More page on its way (that one must arrive). */
const isRefetchToCancel = (q: Query) => q.state.data !== undefined && !q.state.fetchMeta?.fetchMore;

/**
 * Stops refetches of the caches patchIdea writes, so a late answer cannot undo an optimistic
 * change; other ideas queries (search, categories, comments) and a Load More in flight go on.
 */
export async function cancelIdeaRefetches(qc: QueryClient, id: string) {
  await Promise.all([
    qc.cancelQueries({ queryKey: ideaKeys.lists(), predicate: isRefetchToCancel }),
    qc.cancelQueries({ queryKey: ideaKeys.hiddenAll(), predicate: isRefetchToCancel }),
    qc.cancelQueries({ queryKey: ideaKeys.detail(id), exact: true, predicate: isRefetchToCancel }),
  ]);
}

/** Snapshot of every cache patchIdea touches, to roll an optimistic change back. */
function snapshot(qc: QueryClient, id: string) {
  return [
    ...qc.getQueriesData({ queryKey: ideaKeys.lists() }),
    ...qc.getQueriesData({ queryKey: ideaKeys.hiddenAll() }),
    [ideaKeys.detail(id), qc.getQueryData(ideaKeys.detail(id))] as const,
  ];
}

export function createIdea(body: CreateIdeaBody) {
  return api<Idea>('/api/ideas', { method: 'POST', body });
}

export function useCreateIdea() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createIdea,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ideaKeys.lists() });
      void qc.invalidateQueries({ queryKey: ideaKeys.categories() });
    },
  });
}

/**
 * Like toggle, optimistic: the heart and count change at once; the server's answer then sets the
 * exact count, and a refusal restores the previous state.
 */
export function useToggleLike() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (idea: Pick<Idea, '_id'>) =>
      api<LikeResult>(`/api/ideas/${idea._id}/like`, { method: 'POST' }),
    onMutate: async (idea) => {
      await cancelIdeaRefetches(qc, idea._id);
      const before = snapshot(qc, idea._id);
      patchIdea(qc, idea._id, (i) => {
        const liked = !i.liked;
        const likeCount = Math.max(0, i.likeCount + (liked ? 1 : -1));
        return { ...i, liked, likeCount, likes: likeCount };
      });
      return { before };
    },
    onError: (_err, _idea, ctx) => {
      for (const [key, data] of ctx?.before ?? []) qc.setQueryData(key, data);
    },
    onSuccess: (res, idea) => {
      patchIdea(qc, idea._id, (i) => ({
        ...i,
        liked: res.liked,
        likeCount: res.likeCount,
        likes: res.likeCount,
      }));
    },
  });
}

function invalidateAfterVisibilityChange(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: ideaKeys.lists() });
  void qc.invalidateQueries({ queryKey: ideaKeys.hiddenAll() });
  void qc.invalidateQueries({ queryKey: ideaKeys.categories() });
}

export function useSetHidden() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      api<Idea>(`/api/ideas/${id}/${hidden ? 'hide' : 'restore'}`, { method: 'PUT' }),
    onSuccess: (idea) => {
      patchIdea(qc, idea._id, (i) => ({ ...i, hidden: idea.hidden }));
      invalidateAfterVisibilityChange(qc);
    },
  });
}

export function useDeleteIdea() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/ideas/${id}`, { method: 'DELETE' }),
    onSuccess: (_res, id) => {
      qc.removeQueries({ queryKey: ideaKeys.detail(id) });
      invalidateAfterVisibilityChange(qc);
    },
  });
}

export function useAddComment(ideaId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api<IdeaComment>(`/api/ideas/${ideaId}/comments`, { method: 'POST', body: { content } }),
    onSuccess: (comment) => {
      patchIdea(qc, ideaId, (i) => ({ ...i, commentCount: i.commentCount + 1 }));
      qc.setQueryData<IdeaDetail>(
        ideaKeys.detail(ideaId),
        (d) => d && { ...d, comments: [...d.comments, comment] },
      );
    },
  });
}

export function useDeleteComment(ideaId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) =>
      api<{ commentCount: number }>(`/api/ideas/${ideaId}/comments/${commentId}`, { method: 'DELETE' }),
    onSuccess: (res, commentId) => {
      patchIdea(qc, ideaId, (i) => ({ ...i, commentCount: res.commentCount }));
      qc.setQueryData<IdeaDetail>(
        ideaKeys.detail(ideaId),
        (d) => d && { ...d, comments: d.comments.filter((c) => c._id !== commentId) },
      );
      qc.setQueriesData<InfiniteData<CommentsPage, string>>(
        { queryKey: ideaKeys.comments(ideaId) },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((p) => ({ ...p, items: p.items.filter((c) => c._id !== commentId) })),
          },
      );
    },
  });
}
