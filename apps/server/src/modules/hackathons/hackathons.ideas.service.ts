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
