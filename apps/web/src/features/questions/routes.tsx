import { MSG } from '@agora/shared';
import type { RouteObject } from 'react-router';

// Routes of the questions area; each page is its own lazy chunk.
export const questionsRoutes: RouteObject[] = [
  {
    path: 'questions',
    handle: { title: MSG.questionsTabTitle, portalStyles: true },
    // Static, so it runs while the lazy page downloads: the list is requested in parallel with the code.
    loader: ({ request }) => {
      void import('./api/prefetch').then((m) => m.prefetchQuestionsPage(new URL(request.url).searchParams));
      return null;
    },
    lazy: async () => {
      void import('./api/prefetch'); // first in the queue of the page's files (HTTP/1.1: 6 at a time)
      return { Component: (await import('./pages/questions-page')).QuestionsPage };
    },
  },
  {
    path: 'question/:id',
    handle: { title: 'Question — Inquiry Space' },
    lazy: async () => ({ Component: (await import('./pages/question-detail-page')).QuestionDetailPage }),
  },
  {
    path: 'ask-question',
    handle: { title: 'Ask a Question — Inquiry Space' },
    lazy: async () => ({ Component: (await import('./pages/ask-question-page')).AskQuestionPage }),
  },
  {
    path: 'questioner-portal',
    handle: { title: 'Questioner Portal — Inquiry Space' },
    lazy: async () => ({ Component: (await import('./pages/questioner-portal-page')).QuestionerPortalPage }),
  },
];
