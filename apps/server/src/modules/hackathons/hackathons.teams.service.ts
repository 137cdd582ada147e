import {
  type HackathonTeamMember,
  hackathonPhase,
  registrationOpen,
  type Team,
  type TeamCreateBody,
  type TeamList,
  type TeamRequest,
} from '@agora/shared';
import type { AppContext, SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { notificationMail } from '../notifications/notifications.mail.js';
import { notify } from '../notifications/notifications.service.js';
import { accountByEmail } from '../users/users.accounts.js';
import { peopleById } from '../users/users.network.js';
import { canSeeHackathon } from './hackathons.policy.js';
import type { Viewer } from './hackathons.presenter.js';
import * as hackRepo from './hackathons.repo.js';
import { teamInviteMail, teamsPath, teamTexts } from './hackathons.teams.mail.js';
import * as repo from './hackathons.teams.repo.js';

/** Teams listed on the board at most (oldest first); a hackathon rarely has more. */
export const TEAM_LIST_LIMIT = 300;

export const TEAM_MSG = {
  ended: 'This hackathon has ended: its teams can no longer change.',
  notPublished: 'Teams can be formed only once the hackathon is published.',
  notParticipant: 'Register for this hackathon first: only participants can form or join teams.',
  alreadyInTeam: 'You are already in a team for this hackathon. Leave it first.',
  personInTeam: 'This person is already in a team for this hackathon.',
  nameTaken: 'A team of this name already exists in this hackathon.',
  full: 'This team is full.',
  pending: 'A request for this team and person is already waiting for an answer.',
  closed: 'This request is no longer waiting for an answer.',
  submittedAlone:
    'You have already submitted a project on your own, and this team has submitted one: a team has one project. Ask the team to join yours instead, or stay on your own.',
  captainOnly: 'Only the team captain can do this.',
} as const;

/** A hackathon a team action applies to: visible, published, not ended (409 HACKATHON_ENDED after). */
async function openHackathon(exec: Executor, hackathonId: string, viewerId: string | null, now: Date) {
  const rec = await hackRepo.findRecord(exec, hackathonId, viewerId);
  if (!rec) return notFound('Hackathon not found');
  if (rec.h.status !== 'published') conflict('NOT_PUBLISHED', TEAM_MSG.notPublished);
  if (hackathonPhase(rec.h, now) === 'past') conflict('HACKATHON_ENDED', TEAM_MSG.ended);
  return rec;
}

const about = (h: { id: string; title: string }, team: { name: string }) => ({
  hackathonId: h.id,
  hackathonTitle: h.title,
  teamName: team.name,
});

/**
 * The team's submission carries the team's name and members (names and e-mails from the users
 * area), rewritten whenever the team changes, so the organiser reads who is in it now.
 */
export async function refreshTeamSubmission(tx: Executor, teamId: string, now: Date): Promise<void> {
  const sub = await repo.teamSubmission(tx, teamId);
  const team = await repo.findTeam(tx, teamId);
  if (!sub || !team) return;
  const members = await repo.membersOf(tx, [teamId]);
  const people = await peopleById(
    tx,
    members.map((m) => m.userId),
  );
  const teamMembers: HackathonTeamMember[] = members.map((m) => ({
    userId: m.userId,
    userDisplayName: people.get(m.userId)?.displayName ?? 'Former member',
    userEmail: people.get(m.userId)?.email ?? '',
  }));
  // The submission row belongs to a current member (the captain when the first submitter left).
  const owner = members.some((m) => m.userId === sub.userId)
    ? sub.userId
    : (members[0]?.userId ?? sub.userId);
  await repo.updateSubmission(tx, sub.id, {
    teamName: team.name,
    teamMembers,
    userId: owner,
    updatedAt: now,
  });
}

/** The submission a participant sees as theirs: their team's, or their own without a team. */
export async function submissionOf(exec: Executor, hackathonId: string, userId: string) {
  const teamId = await repo.teamOf(exec, hackathonId, userId);
  if (teamId) return repo.teamSubmission(exec, teamId);
  return repo.soloSubmission(exec, hackathonId, userId);
}

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

/** Requests in the wire shape; an invitation's e-mail only for the captain and the invitee. */
async function presentRequests(
  exec: Executor,
  rows: repo.TeamRequestRow[],
  viewer: Viewer,
  captainOf: ReadonlySet<string>,
): Promise<TeamRequest[]> {
  if (rows.length === 0) return [];
  const people = await peopleById(
    exec,
    rows.flatMap((r) => (r.userId ? [r.userId] : [])),
  );
  const names = await repo.teamNames(exec, [...new Set(rows.map((r) => r.teamId))]);
  return rows.map((r) => {
    const person = r.userId ? people.get(r.userId) : undefined;
    const invitee =
      !!viewer &&
      (viewer.id === r.userId || (!!r.email && r.email.toLowerCase() === viewer.email.toLowerCase()));
    return {
      _id: r.id,
      kind: r.kind as TeamRequest['kind'],
      status: r.status as TeamRequest['status'],
      teamId: r.teamId,
      teamName: names.get(r.teamId) ?? '',
      hackathonId: r.hackathonId,
      user: person ? { id: person.id, displayName: person.displayName } : null,
      email: r.kind === 'invite' && (invitee || captainOf.has(r.teamId)) ? r.email : null,
      message: r.message,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** Teams in the wire shape (one query for all members, one for their names). */
async function presentTeams(
  exec: Executor,
  teams: repo.TeamRow[],
  maxSize: number,
  viewer: Viewer,
): Promise<Team[]> {
  const members = await repo.membersOf(
    exec,
    teams.map((t) => t.id),
  );
  const people = await peopleById(
    exec,
    members.map((m) => m.userId),
  );
  const out: Team[] = [];
  for (const t of teams) {
    const mine = members.filter((m) => m.teamId === t.id);
    const team: Team = {
      _id: t.id,
      hackathonId: t.hackathonId,
      name: t.name,
      members: mine.map((m) => ({
        id: m.userId,
        displayName: people.get(m.userId)?.displayName ?? 'Former member',
        role: m.role,
        joinedAt: m.joinedAt.toISOString(),
      })),
      maxSize,
      full: mine.length >= maxSize,
      lookingForMembers: t.lookingForMembers,
      skillsWanted: t.skillsWanted,
      createdAt: t.createdAt.toISOString(),
    };
    const me = viewer ? mine.find((m) => m.userId === viewer.id) : undefined;
    if (me) {
      const captainOf = new Set(me.role === 'captain' ? [t.id] : []);
      team.requests = await presentRequests(exec, await repo.pendingOfTeam(exec, t.id), viewer, captainOf);
    }
    out.push(team);
  }
  return out;
}

async function oneTeam(exec: Executor, teamId: string, viewer: Viewer): Promise<Team> {
  const team = (await repo.findTeam(exec, teamId)) ?? notFound('Team not found');
  const h = (await hackRepo.findRow(exec, team!.hackathonId)) ?? notFound('Team not found');
  const [out] = await presentTeams(exec, [team!], h!.maxTeamSize, viewer);
  return out!;
}

/** The team, checked to exist and to belong to a hackathon the viewer may see. */
async function loadTeam(exec: Executor, teamId: string): Promise<repo.TeamRow> {
  if (!isUuid(teamId)) notFound('Team not found');
  return (await repo.findTeam(exec, teamId)) ?? notFound('Team not found');
}

async function captainOf(exec: Executor, teamId: string): Promise<string | null> {
  const members = await repo.membersOf(exec, [teamId]);
  return members.find((m) => m.role === 'captain')?.userId ?? null;
}

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
    const account = await accountByEmail(tx, address);
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

/** The teams use cases, bound to the app context once (the routes call these). */
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
