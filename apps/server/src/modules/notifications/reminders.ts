import type { AppContext } from '../../context.js';
import { createHackathonsService } from '../hackathons/hackathons.service.js';

const EVERY_MS = 10 * 60_000;

/**
 * "A hackathon I joined starts within 24 hours": the hackathons area decides who is reminded and
 * claims reminder_sent_at so nobody is reminded twice; the mail worker's timer runs it every
 * 10 minutes on each instance — the claim makes concurrent runs harmless.
 */
export function scheduleHackathonReminders(ctx: AppContext): void {
  ctx.mailWorker.addPeriodic('hackathon-starting-soon', EVERY_MS, () =>
    createHackathonsService(ctx).sendStartingSoonReminders(),
  );
}
