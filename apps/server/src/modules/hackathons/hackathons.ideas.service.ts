import type { IdeaHackathon } from '@agora/shared';
import type { Executor } from '../../db/client.js';
import * as repo from './hackathons.repo.js';

/** The hackathons proposed from an idea, as the idea lists them ("Propose as a hackathon challenge"). */
export async function hackathonsOfIdea(
  exec: Executor,
  ideaId: string,
  viewerId: string | null,
): Promise<IdeaHackathon[]> {
  return (await repo.hackathonsOfIdea(exec, ideaId, viewerId)).map((h) => ({
    _id: h.id,
    title: h.title,
    status: h.status,
  }));
}

/**
 * The ideas area's lookup of an idea a hackathon may link to (one everyone can see), or null. The
 * app wires it in (modules/registry.ts): ideas already lists the hackathons proposed from it, so
 * hackathons does not import ideas back.
 */
export type FindLinkableIdea = (exec: Executor, id: string) => Promise<{ id: string; title: string } | null>;

/** Where no lookup was wired (background tasks, admin review): linking to an idea is a wiring mistake. */
export const ideaLookupNotWired: FindLinkableIdea = () => {
  throw new Error('The hackathons service was built without the ideas lookup (modules/registry.ts)');
};
