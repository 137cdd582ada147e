import type { AppContext, SessionUser } from '../../context.js';
import { conflict, forbidden } from '../../lib/errors.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { notify } from '../notifications/notifications.service.js';
import { accountInvitedByEmail } from '../users/users.accounts.service.js';
import { teamInviteMail, teamsPath, teamTexts } from './hackathons.teams.mail.js';
import { presentRequests } from './hackathons.teams.presenter.js';
import * as repo from './hackathons.teams.repo.js';
import { about, captainOf, loadTeam, openHackathon, TEAM_MSG } from './hackathons.teams.shared.js';

/** POST /api/teams/:id/join-requests: a registered participant in no team asks the captain. */
export async function requestToJoin(
  ctx: AppContext,
  user: SessionUser,
  teamId: string,
  message: string | undefined,
) {
  const team = await loadTeam(ctx.db, teamId);
  const t = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const rec = await openHackathon(tx, team.hackathonId, user.id, t);
    if (!rec.isRegistered) forbidden(TEAM_MSG.notParticipant);
    if (await repo.teamOf(tx, team.hackathonId, user.id)) conflict('ALREADY_IN_TEAM', TEAM_MSG.alreadyInTeam);
    if ((await repo.countMembers(tx, team.id)) >= rec.h.maxTeamSize) conflict('TEAM_FULL', TEAM_MSG.full);
    const req =
      (await repo.insertRequest(tx, {
        teamId: team.id,
        hackathonId: team.hackathonId,
        kind: 'join',
        userId: user.id,
        email: null,
        message: message || null,
        createdBy: user.id,
        createdAt: t,
      })) ?? conflict('REQUEST_PENDING', TEAM_MSG.pending);
    const captain = await captainOf(tx, team.id);
    if (captain) {
      await notify(
        tx,
        captain,
        teamTexts.joinRequested({
          ...about(rec.h, team),
          who: user.displayName,
          message: message || null,
        }),
      );
    }
    return req!;
  });
  const [request] = await presentRequests(ctx.db, [row], user, new Set());
  return request!;
}

/**
 * POST /api/teams/:id/invites: the captain invites an e-mail address. An account holding it is
 * notified in the app and by e-mail; an address without one waits: the invitation is found by
 * e-mail once someone signs up with it (GET /api/hackathons/:id/teams → myRequests).
 */
export async function invite(ctx: AppContext, user: SessionUser, teamId: string, email: string) {
  const team = await loadTeam(ctx.db, teamId);
  const t = ctx.clock.now();
  const address = email.trim().toLowerCase();
  const row = await ctx.db.transaction(async (tx) => {
    const rec = await openHackathon(tx, team.hackathonId, user.id, t);
    if ((await captainOf(tx, team.id)) !== user.id) forbidden(TEAM_MSG.captainOnly);
    if ((await repo.countMembers(tx, team.id)) >= rec.h.maxTeamSize) conflict('TEAM_FULL', TEAM_MSG.full);
    const account = await accountInvitedByEmail(tx, address);
    if (account && (await repo.teamOf(tx, team.hackathonId, account.id))) {
      conflict('ALREADY_IN_TEAM', TEAM_MSG.personInTeam);
    }
    const req =
      (await repo.insertRequest(tx, {
        teamId: team.id,
        hackathonId: team.hackathonId,
        kind: 'invite',
        userId: account?.id ?? null,
        email: address,
        message: null,
        createdBy: user.id,
        createdAt: t,
      })) ?? conflict('REQUEST_PENDING', TEAM_MSG.pending);
    if (account) {
      const a = about(rec.h, team);
      await notify(tx, account.id, {
        ...teamTexts.invited({ ...a, captainName: user.displayName }),
        mail: notificationMail(ctx.config, account, teamInviteMail, {
          ...a,
          inviteeName: account.displayName,
          captainName: user.displayName,
          url: `${ctx.config.publicUrl}${teamsPath(rec.h.id)}`,
        }),
      });
    }
    return req!;
  });
  const [request] = await presentRequests(ctx.db, [row], user, new Set([team.id]));
  return request!;
}
