import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { notify } from '../notifications/notifications.service.js';
import { peopleById } from '../users/users.people.service.js';
import { teamTexts } from './hackathons.teams.mail.js';
import * as repo from './hackathons.teams.repo.js';
import { about, captainOf, loadTeam, openHackathon, TEAM_MSG } from './hackathons.teams.shared.js';
import { refreshTeamSubmission } from './hackathons.teams.submission.js';

/**
 * Takes a person out of their team (leaving, removed by the captain, or unregistering): a captain
 * leaving hands over to the earliest-joined member; an empty team is deleted with its pending
 * requests, and its submission (if any) stays with that last member as their own. The caller
 * holds the person's lock (repo.lockPerson) and has checked the hackathon may change.
 */
export async function leaveTeam(
  tx: Executor,
  h: { id: string; title: string },
  teamId: string,
  userId: string,
  by: string,
  now: Date,
): Promise<void> {
  const team = (await repo.lockTeam(tx, teamId)) ?? notFound('Team not found');
  const role = await repo.removeMember(tx, teamId, userId);
  if (!role) notFound('This person is not a member of the team');
  const promoted = role === 'captain' ? await repo.promoteEarliest(tx, teamId) : null;
  const remaining = await repo.countMembers(tx, teamId);
  const a = about(h, team!);
  if (remaining === 0) {
    await repo.cancelPendingOfTeam(tx, teamId, now);
    // The foreign key makes the submission (its row already the last member's) a solo one.
    await repo.deleteTeam(tx, teamId);
    return;
  }
  await refreshTeamSubmission(tx, teamId, now);
  const [captain] = (await repo.membersOf(tx, [teamId])).filter((m) => m.role === 'captain');
  const people = await peopleById(tx, [userId]);
  const who = people.get(userId)?.displayName ?? 'A member';
  if (by !== userId) await notify(tx, userId, teamTexts.removed(a));
  else if (captain && !promoted) await notify(tx, captain.userId, teamTexts.left({ ...a, who }));
  if (promoted) await notify(tx, promoted, teamTexts.captain(a));
}

/** DELETE /api/teams/:id/members/:userId: a member leaves, or the captain removes one. */
export async function removeMember(
  ctx: AppContext,
  user: SessionUser,
  teamId: string,
  userId: string,
): Promise<void> {
  const team = await loadTeam(ctx.db, teamId);
  if (!isUuid(userId)) notFound('This person is not a member of the team');
  const t = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await repo.lockPerson(tx, team.hackathonId, userId);
    const rec = await openHackathon(tx, team.hackathonId, user.id, t);
    if (userId !== user.id && (await captainOf(tx, team.id)) !== user.id) forbidden(TEAM_MSG.captainOnly);
    await leaveTeam(tx, rec.h, team.id, userId, user.id, t);
  });
}
