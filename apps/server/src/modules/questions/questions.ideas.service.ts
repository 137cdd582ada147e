import type { IdeaBounty } from '@agora/shared';
import type { SessionUser } from '../../context.js';
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

/**
 * The ideas area's check that the asker may act on the idea a bounty is offered from (null when it
 * does not exist or is hidden from them). The app wires it in (modules/registry.ts): ideas lists
 * the bounties offered from it, so questions does not import ideas back.
 */
export type FindIdeaToAct = (exec: Executor, user: SessionUser, id: string) => Promise<{ id: string } | null>;

/** Where no lookup was wired (background tasks): offering a bounty from an idea is a wiring mistake. */
export const ideaLookupNotWired: FindIdeaToAct = () => {
  throw new Error('The questions service was built without the ideas lookup (modules/registry.ts)');
};
