import type { Executor } from '../../db/client.js';
import { hackathonsOfIdea } from '../hackathons/hackathons.ideas.service.js';
import { responsesOfIdea } from '../organizations/organizations.responses.service.js';
import { organizationsOfIdea } from '../organizations/organizations.tagging.service.js';
import { bountiesOfIdea } from '../questions/questions.ideas.service.js';
import { teamOf } from './ideas.collaboration.service.js';

/**
 * What an idea page shows besides the idea itself: the organisations it tags and their official
 * responses, its team, and the bounties and hackathons that grew out of it.
 */
export async function ideaConnections(exec: Executor, ideaId: string, viewerId: string | null) {
  const [organizations, responses, team, bounties, hackathons] = await Promise.all([
    organizationsOfIdea(exec, ideaId),
    responsesOfIdea(exec, ideaId),
    teamOf(exec, ideaId),
    bountiesOfIdea(exec, ideaId, viewerId),
    hackathonsOfIdea(exec, ideaId, viewerId),
  ]);
  return { organizations, responses, team, bounties, hackathons };
}
