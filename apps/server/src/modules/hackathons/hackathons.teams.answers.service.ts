import { registrationOpen, type Team, type TeamRequest } from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { notify } from '../notifications/notifications.service.js';
import { peopleById } from '../users/users.people.service.js';
import * as hackRepo from './hackathons.repo.js';
import { teamTexts } from './hackathons.teams.mail.js';
import { oneTeam, presentRequests } from './hackathons.teams.presenter.js';
import * as repo from './hackathons.teams.repo.js';
import { about, captainOf, openHackathon, TEAM_MSG } from './hackathons.teams.shared.js';
import { refreshTeamSubmission } from './hackathons.teams.submission.js';

/** A request by id, 404 when there is none. */
async function loadRequest(exec: Executor, rid: string): Promise<repo.TeamRequestRow> {
  if (!isUuid(rid)) notFound('Request not found');
  return (await repo.findRequest(exec, rid)) ?? notFound('Request not found');
}

/** The captain answers a join request; the invitee (by account or by e-mail) an invitation. */
async function checkAnswerer(tx: Executor, req: repo.TeamRequestRow, user: SessionUser): Promise<void> {
  if (req.kind === 'join') {
    if ((await captainOf(tx, req.teamId)) !== user.id) forbidden(TEAM_MSG.captainOnly);
    return;
  }
  const invitee =
    req.userId === user.id || (!!req.email && req.email.toLowerCase() === user.email.toLowerCase());
  if (!invitee) forbidden('Only the invited person can answer this invitation.');
}

/**
 * POST /api/team-requests/:rid/accept. A join request is answered by the captain, an invitation
 * by the invitee. Accepting an invitation registers the invitee for the hackathon when they are
 * not registered and registration is still open (what someone who clicks "Accept" expects);
 * after that, 409 NOT_REGISTERED. A joiner who submitted alone brings that project to a team
 * without one; into a team that has one they are refused (409 SUBMITTED_ALONE): a team has one
 * project, and nobody's project is deleted behind their back.
 */
export async function accept(ctx: AppContext, user: SessionUser, rid: string): Promise<Team> {
  const pre = await loadRequest(ctx.db, rid);
  const t = ctx.clock.now();
  const personId = pre.kind === 'join' ? pre.userId! : user.id;
  const teamId = await ctx.db.transaction(async (tx) => {
    // The person first, then the request, then the team: the order every team change takes.
    await repo.lockPerson(tx, pre.hackathonId, personId);
    const req = (await repo.lockRequest(tx, rid)) ?? notFound('Request not found');
    await checkAnswerer(tx, req!, user);
    if (req!.status !== 'pending') conflict('REQUEST_CLOSED', TEAM_MSG.closed);
    const team = (await repo.lockTeam(tx, req!.teamId)) ?? notFound('Team not found');
    const rec = await openHackathon(tx, req!.hackathonId, personId, t);
    const person = (await peopleById(tx, [personId])).get(personId) ?? notFound('Account not found');
    // The organiser never takes part in their own hackathon (spec 03 §4), invited or not.
    if (rec.h.authorId === personId) forbidden('Organizers cannot join a team in their own hackathon.');
    if (!rec.isRegistered) {
      if (req!.kind !== 'invite' || !registrationOpen(rec.h.startDate, t)) {
        conflict('NOT_REGISTERED', TEAM_MSG.notParticipant);
      }
      await hackRepo.addParticipant(tx, rec.h.id, personId, t);
    }
    if (await repo.teamOf(tx, rec.h.id, personId)) {
      conflict('ALREADY_IN_TEAM', req!.kind === 'join' ? TEAM_MSG.personInTeam : TEAM_MSG.alreadyInTeam);
    }
    if ((await repo.countMembers(tx, team!.id)) >= rec.h.maxTeamSize) conflict('TEAM_FULL', TEAM_MSG.full);
    const solo = await repo.soloSubmission(tx, rec.h.id, personId);
    const teamSub = await repo.teamSubmission(tx, team!.id);
    if (solo && teamSub) conflict('SUBMITTED_ALONE', TEAM_MSG.submittedAlone);
    const added = await repo.addMember(tx, {
      teamId: team!.id,
      hackathonId: rec.h.id,
      userId: personId,
      role: 'member',
      joinedAt: t,
    });
    if (!added) conflict('ALREADY_IN_TEAM', TEAM_MSG.alreadyInTeam);
    await repo.decideRequest(tx, req!.id, 'accepted', t, personId);
    await repo.cancelPendingFor(tx, rec.h.id, { userId: personId, email: person!.email }, req!.id, t);
    if (solo) await repo.updateSubmission(tx, solo.id, { teamId: team!.id });
    await refreshTeamSubmission(tx, team!.id, t);
    const captain = await captainOf(tx, team!.id);
    const notice = teamTexts.answered({
      ...about(rec.h, team!),
      who: person!.displayName,
      accepted: true,
      kind: req!.kind as 'join' | 'invite',
    });
    const to = req!.kind === 'join' ? personId : captain;
    if (to) await notify(tx, to, notice);
    return team!.id;
  });
  return oneTeam(ctx.db, teamId, user);
}

/**
 * POST /api/team-requests/:rid/decline: the answering side declines (the captain a join request,
 * the invitee an invitation); the asking side (the requester, the captain) withdraws it.
 */
export async function decline(ctx: AppContext, user: SessionUser, rid: string): Promise<TeamRequest> {
  const pre = await loadRequest(ctx.db, rid);
  const t = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const req = (await repo.lockRequest(tx, rid)) ?? notFound('Request not found');
    const team = (await repo.findTeam(tx, req!.teamId)) ?? notFound('Team not found');
    const captain = await captainOf(tx, team!.id);
    const asking = req!.kind === 'join' ? req!.userId === user.id : captain === user.id;
    if (!asking) await checkAnswerer(tx, req!, user);
    if (req!.status !== 'pending') conflict('REQUEST_CLOSED', TEAM_MSG.closed);
    const rec = await openHackathon(tx, pre.hackathonId, user.id, t);
    const status = asking ? 'cancelled' : 'declined';
    await repo.decideRequest(tx, req!.id, status, t, req!.kind === 'invite' && !asking ? user.id : undefined);
    if (!asking) {
      const notice = teamTexts.answered({
        ...about(rec.h, team!),
        who: user.displayName,
        accepted: false,
        kind: req!.kind as 'join' | 'invite',
      });
      const to = req!.kind === 'join' ? req!.userId : captain;
      if (to) await notify(tx, to, notice);
    }
    return (await repo.findRequest(tx, req!.id))!;
  });
  const [request] = await presentRequests(
    ctx.db,
    [row],
    user,
    new Set(row.createdBy === user.id ? [row.teamId] : []),
  );
  return request!;
}
