import type { Question } from '@agora/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { QuestionPage } from '../api/list-questions';
import { questionKeys } from '../api/keys';

type Pages = InfiniteData<QuestionPage, string | undefined>;

/** Puts a fresh copy of a question into every cached list and detail that holds it. */
export function replaceQuestion(qc: QueryClient, q: Question, opts: { keepAnswers?: boolean } = {}): void {
  qc.setQueriesData<Pages>({ queryKey: questionKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            items: p.items.map((x) =>
              x._id === q._id ? (opts.keepAnswers ? { ...q, answers: x.answers } : q) : x,
            ),
          })),
        }
      : data,
  );
  qc.setQueriesData<Question>({ queryKey: questionKeys.question(q._id) }, (old) =>
    old ? (opts.keepAnswers ? { ...q, answers: old.answers } : q) : old,
  );
}

/** spec 01 §4: a new question is added to the local list at once… */
export function addOwnQuestion(qc: QueryClient, viewer: string, q: Question): void {
  qc.setQueryData<Pages>(questionKeys.own(viewer), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p, i) =>
            i === 0 ? { ...p, items: [q, ...p.items], total: (p.total ?? 0) + 1 } : p,
          ),
        }
      : data,
  );
}

/** …and removed from it again when its payment fails. */
export function removeOwnQuestion(qc: QueryClient, viewer: string, id: string): void {
  qc.setQueryData<Pages>(questionKeys.own(viewer), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({ ...p, items: p.items.filter((x) => x._id !== id) })),
        }
      : data,
  );
}
