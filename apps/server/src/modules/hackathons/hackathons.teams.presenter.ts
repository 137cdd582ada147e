import type { Team, TeamRequest } from '@agora/shared';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { peopleById } from '../users/users.people.service.js';
import type { Viewer } from './hackathons.presenter.js';
import * as hackRepo from './hackathons.repo.js';
import * as repo from './hackathons.teams.repo.js';

/** Requests in the wire shape; an invitation's e-mail only for the captain and the invitee. */
export async function presentRequests(
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
export async function presentTeams(
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

/** One team in the wire shape, as the viewer sees it. */
export async function oneTeam(exec: Executor, teamId: string, viewer: Viewer): Promise<Team> {
  const team = (await repo.findTeam(exec, teamId)) ?? notFound('Team not found');
  const h = (await hackRepo.findRow(exec, team!.hackathonId)) ?? notFound('Team not found');
  const [out] = await presentTeams(exec, [team!], h!.maxTeamSize, viewer);
  return out!;
}
