import type { QuestionSort } from '@agora/shared';

export interface PublicListParams {
  categories: string[];
  sort: QuestionSort;
  q: string;
  /** Reward bounds in whole rupees (the bounty board's filter); null = none. */
  minReward: number | null;
  maxReward: number | null;
}

/** Query keys of the questions area; only the queryOptions factories use them. */
export const questionKeys = {
  all: ['questions'] as const,
  lists: () => ['questions', 'list'] as const,
  publicList: (p: PublicListParams) => ['questions', 'list', 'public', p] as const,
  own: (viewer: string) => ['questions', 'list', 'own', viewer] as const,
  answered: (viewer: string) => ['questions', 'list', 'answered', viewer] as const,
  categories: () => ['questions', 'categories'] as const,
  similar: (q: string) => ['questions', 'similar', q] as const,
  details: () => ['questions', 'detail'] as const,
  /** One question's detail, whoever the viewer. */
  question: (id: string) => ['questions', 'detail', id] as const,
  detail: (id: string, viewer: string) => ['questions', 'detail', id, viewer] as const,
};
