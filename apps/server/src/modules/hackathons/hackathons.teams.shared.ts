import { hackathonPhase } from '@agora/shared';
import type { Executor } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import * as hackRepo from './hackathons.repo.js';
import * as repo from './hackathons.teams.repo.js';

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
export async function openHackathon(exec: Executor, hackathonId: string, viewerId: string | null, now: Date) {
  const rec = await hackRepo.findRecord(exec, hackathonId, viewerId);
  if (!rec) return notFound('Hackathon not found');
  if (rec.h.status !== 'published') conflict('NOT_PUBLISHED', TEAM_MSG.notPublished);
  if (hackathonPhase(rec.h, now) === 'past') conflict('HACKATHON_ENDED', TEAM_MSG.ended);
  return rec;
}

/** What a team notification names: the hackathon and the team. */
export const about = (h: { id: string; title: string }, team: { name: string }) => ({
  hackathonId: h.id,
  hackathonTitle: h.title,
  teamName: team.name,
});

/** The team, checked to exist and to belong to a hackathon the viewer may see. */
export async function loadTeam(exec: Executor, teamId: string): Promise<repo.TeamRow> {
  if (!isUuid(teamId)) notFound('Team not found');
  return (await repo.findTeam(exec, teamId)) ?? notFound('Team not found');
}

export async function captainOf(exec: Executor, teamId: string): Promise<string | null> {
  const members = await repo.membersOf(exec, [teamId]);
  return members.find((m) => m.role === 'captain')?.userId ?? null;
}
