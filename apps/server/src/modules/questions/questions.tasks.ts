import type { AppContext } from '../../context.js';
import type { TaskDefinition } from '../../tasks.js';
import { appServices } from '../services.js';
import { expireDrafts } from './questions.drafts.service.js';

/** The app's one category-follows service, which the follow routes use too. */
const categoryFollows = (ctx: AppContext) => appServices(ctx).categoryFollows;

/**
 * Unpaid questions (drafts) expire a week after they were asked, with their images (hourly: a draft
 * goes at most an hour after its week is up).
 */
export const questionsTasks: TaskDefinition[] = [
  {
    name: 'questions.expire-drafts',
    everySeconds: 60 * 60,
    handler: async (ctx) => {
      await expireDrafts(ctx);
    },
  },
  {
    // A paid question alerts its category's followers in the app, in batches (the payment only
    // queues the alert): within a few seconds however many follow the category.
    name: 'questions.category-alerts',
    everySeconds: 10,
    handler: async (ctx) => {
      await categoryFollows(ctx).fanOutAlerts();
    },
  },
  {
    // The daily e-mail digest of followed categories: hourly, each opted-in user gets at most one a
    // UTC day (the first run of their day), and none when nothing is new.
    name: 'questions.category-digest',
    everySeconds: 60 * 60,
    handler: async (ctx) => {
      await categoryFollows(ctx).sendDigests();
    },
  },
];
