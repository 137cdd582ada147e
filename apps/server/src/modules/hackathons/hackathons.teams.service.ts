import type { AppContext } from '../../context.js';
import { accept, decline } from './hackathons.teams.answers.service.js';
import { getTeam, listTeams } from './hackathons.teams.board.service.js';
import { createTeam } from './hackathons.teams.create.service.js';
import { removeMember } from './hackathons.teams.leave.service.js';
import { invite, requestToJoin } from './hackathons.teams.requests.service.js';

export { TEAM_MSG } from './hackathons.teams.shared.js';

/**
 * The teams use cases, bound to the app context once (the routes call these). One file each:
 * forming a team (create), the board (board), asking to join and inviting (requests), answering
 * either (answers), leaving or removing a member (leave).
 */
export function createTeamsService(ctx: AppContext) {
  return {
    createTeam: (...a: DropCtx<typeof createTeam>) => createTeam(ctx, ...a),
    listTeams: (...a: DropCtx<typeof listTeams>) => listTeams(ctx, ...a),
    getTeam: (...a: DropCtx<typeof getTeam>) => getTeam(ctx, ...a),
    requestToJoin: (...a: DropCtx<typeof requestToJoin>) => requestToJoin(ctx, ...a),
    invite: (...a: DropCtx<typeof invite>) => invite(ctx, ...a),
    accept: (...a: DropCtx<typeof accept>) => accept(ctx, ...a),
    decline: (...a: DropCtx<typeof decline>) => decline(ctx, ...a),
    removeMember: (...a: DropCtx<typeof removeMember>) => removeMember(ctx, ...a),
  };
}

type DropCtx<F> = F extends (ctx: AppContext, ...rest: infer R) => unknown ? R : never;

export type TeamsService = ReturnType<typeof createTeamsService>;
