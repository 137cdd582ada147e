import type { Team, TeamList } from '@agora/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { Viewer } from './hackathons.presenter.js';
import * as hackRepo from './hackathons.repo.js';
import { oneTeam, presentRequests, presentTeams } from './hackathons.teams.presenter.js';
import * as repo from './hackathons.teams.repo.js';
import { loadTeam } from './hackathons.teams.shared.js';

/** Teams listed on the board at most (oldest first); a hackathon rarely has more. */
export const TEAM_LIST_LIMIT = 300;

/** GET /api/hackathons/:id/teams: the board (published hackathons only), and the caller's pending requests. */
export async function listTeams(
  ctx: AppContext,
  viewer: Viewer,
  hackathonId: string,
  q: { skill?: string; lookingForMembers?: 'true' | 'false' },
): Promise<TeamList> {
  if (!isUuid(hackathonId)) notFound('Hackathon not found');
  const h = await hackRepo.findRow(ctx.db, hackathonId);
  if (h?.status !== 'published') return notFound('Hackathon not found');
  const rows = await repo.listTeams(ctx.db, hackathonId, {
    skill: q.skill || undefined,
    lookingForMembers: q.lookingForMembers === undefined ? undefined : q.lookingForMembers === 'true',
    limit: TEAM_LIST_LIMIT,
  });
  const teams = await presentTeams(ctx.db, rows, h.maxTeamSize, viewer);
  const myRequests = viewer
    ? await presentRequests(
        ctx.db,
        await repo.pendingForPerson(ctx.db, hackathonId, { userId: viewer.id, email: viewer.email }),
        viewer,
        new Set(),
      )
    : [];
  return { teams, myRequests };
}

/** GET /api/teams/:id: anyone who may see its hackathon; members also see its pending requests. */
export async function getTeam(ctx: AppContext, viewer: Viewer, teamId: string): Promise<Team> {
  const team = await loadTeam(ctx.db, teamId);
  const h = await hackRepo.findRow(ctx.db, team.hackathonId);
  if (h?.status !== 'published') notFound('Team not found');
  return oneTeam(ctx.db, team.id, viewer);
}
