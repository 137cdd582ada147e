import type { IdeaBounty } from '@agora/shared';
import type { Executor } from '../../db/client.js';
import * as repo from './questions.repo.js';

/** The bounties offered from an idea, as the idea lists them ("Offer a bounty"). */
export async function bountiesOfIdea(
  exec: Executor,
  ideaId: string,
  viewerId: string | null,
): Promise<IdeaBounty[]> {
  return (await repo.bountiesOfIdea(exec, ideaId, viewerId)).map((b) => ({
    _id: b.id,
    title: b.title,
    reward: Number(b.reward),
    status: b.status,
  }));
}
