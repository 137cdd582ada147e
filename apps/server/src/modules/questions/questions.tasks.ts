import type { TaskDefinition } from '../../tasks.js';
import { createQuestionsService } from './questions.service.js';

/**
 * Unpaid questions (drafts) expire a week after they were asked, with their images (hourly: a draft
 * goes at most an hour after its week is up).
 */
export const questionsTasks: TaskDefinition[] = [
  {
    name: 'questions.expire-drafts',
    everySeconds: 60 * 60,
    handler: async (ctx) => {
      await createQuestionsService(ctx).expireDrafts();
    },
  },
];
