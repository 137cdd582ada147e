import type { HackathonTeamMember } from '@agora/shared';
import type { Executor } from '../../db/client.js';
import { peopleById } from '../users/users.people.service.js';
import * as repo from './hackathons.teams.repo.js';

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
