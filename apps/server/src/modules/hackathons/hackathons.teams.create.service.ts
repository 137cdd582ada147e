import type { Team, TeamCreateBody } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { canSeeHackathon } from './hackathons.policy.js';
import * as hackRepo from './hackathons.repo.js';
import { oneTeam } from './hackathons.teams.presenter.js';
import * as repo from './hackathons.teams.repo.js';
import { openHackathon, TEAM_MSG } from './hackathons.teams.shared.js';
import { refreshTeamSubmission } from './hackathons.teams.submission.js';

/** POST /api/hackathons/:id/teams: a registered participant in no team yet forms one, as captain. */
export async function createTeam(
  ctx: AppContext,
  user: SessionUser,
  hackathonId: string,
  body: TeamCreateBody,
): Promise<Team> {
  if (!isUuid(hackathonId)) notFound('Hackathon not found');
  const t = ctx.clock.now();
  const teamId = await ctx.db.transaction(async (tx) => {
    await repo.lockPerson(tx, hackathonId, user.id);
    const rec = await hackRepo.findRecord(tx, hackathonId, user.id);
    if (!rec || !canSeeHackathon(user, rec.h)) notFound('Hackathon not found');
    await openHackathon(tx, hackathonId, user.id, t);
    if (!rec!.isRegistered) forbidden(TEAM_MSG.notParticipant);
    if (await repo.teamOf(tx, hackathonId, user.id)) conflict('ALREADY_IN_TEAM', TEAM_MSG.alreadyInTeam);
    const team =
      (await repo.insertTeam(tx, {
        hackathonId,
        name: body.name,
        lookingForMembers: body.lookingForMembers,
        skillsWanted: body.skillsWanted,
        createdAt: t,
      })) ?? conflict('TEAM_NAME_TAKEN', TEAM_MSG.nameTaken);
    if (
      !(await repo.addMember(tx, {
        teamId: team!.id,
        hackathonId,
        userId: user.id,
        role: 'captain',
        joinedAt: t,
      }))
    ) {
      conflict('ALREADY_IN_TEAM', TEAM_MSG.alreadyInTeam);
    }
    await repo.cancelPendingFor(tx, hackathonId, { userId: user.id, email: user.email }, null, t);
    // A project submitted alone becomes the new team's project.
    const solo = await repo.soloSubmission(tx, hackathonId, user.id);
    if (solo) {
      await repo.updateSubmission(tx, solo.id, { teamId: team!.id });
      await refreshTeamSubmission(tx, team!.id, t);
    }
    return team!.id;
  });
  return oneTeam(ctx.db, teamId, user);
}
