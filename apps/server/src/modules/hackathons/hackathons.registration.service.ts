import { MSG, registrationOpen } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { conflict, forbidden } from '../../lib/errors.js';
import { notifyOnceMany } from '../notifications/notifications.service.js';
import { reminderNotices } from './hackathons.mail.js';
import { canRegister } from './hackathons.policy.js';
import * as repo from './hackathons.repo.js';
import type { HackathonsShared } from './hackathons.shared.js';
import { leaveTeam } from './hackathons.teams.leave.service.js';
import * as teamsRepo from './hackathons.teams.repo.js';

/** Joining and leaving a hackathon as a participant. */
export function createRegistrationService(ctx: AppContext, s: HackathonsShared) {
  return {
    /** spec 03 §4: only published, never the organiser, never twice, until 1 hour before the start. */
    async register(user: SessionUser, id: string) {
      const { h } = await s.loadVisible(user, id);
      if (!canRegister(user, h)) forbidden('Organizers cannot register for their own hackathon.');
      if (h.status !== 'published') conflict('NOT_PUBLISHED', 'This hackathon is not open for registration.');
      if (!registrationOpen(h.startDate, s.now())) conflict('REGISTRATION_CLOSED', MSG.registrationClosed);
      const count = await ctx.db.transaction(async (tx) => {
        const n = await repo.addParticipant(tx, id, user.id, s.now());
        // Joined after the "starting soon" reminder went out: this participant gets it now.
        // Once per participant: leaving and joining again does not send it again.
        if (n !== null && h.reminderSentAt) {
          await notifyOnceMany(tx, reminderNotices(h, ctx.config, [{ userId: user.id, email: user.email }]));
        }
        return n;
      });
      if (count === null) conflict('ALREADY_REGISTERED', 'You are already registered for this hackathon.');
      return { message: MSG.hackathonJoined, isRegistered: true, participantCount: count! };
    },

    async unregister(user: SessionUser, id: string) {
      const { h, isRegistered } = await s.loadVisible(user, id);
      if (!isRegistered) conflict('NOT_REGISTERED', 'You are not registered for this hackathon.');
      if (!registrationOpen(h.startDate, s.now())) conflict('REGISTRATION_CLOSED', MSG.unregisterClosed);
      const count = await ctx.db.transaction(async (tx) => {
        // Unregistering leaves the person's team too (a captain hands over, an empty team goes).
        await teamsRepo.lockPerson(tx, id, user.id);
        const teamId = await teamsRepo.teamOf(tx, id, user.id);
        if (teamId) await leaveTeam(tx, h, teamId, user.id, user.id, s.now());
        return repo.removeParticipant(tx, id, user.id);
      });
      if (count === null) conflict('NOT_REGISTERED', 'You are not registered for this hackathon.');
      return { message: MSG.hackathonUnregistered, isRegistered: false, participantCount: count! };
    },
  };
}
