import type { Hackathon } from '@agora/shared';
import type { AppContext } from '../../context.js';
import { decodeKeyset, encodeKeyset } from '../../lib/cursor.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { FindLinkableIdea } from './hackathons.ideas.service.js';
import { canSeeHackathon } from './hackathons.policy.js';
import type { Viewer } from './hackathons.presenter.js';
import * as repo from './hackathons.repo.js';

export const encodeCursor = (c: repo.Cursor | null): string | null => (c ? encodeKeyset(c) : null);
export const decodeCursor = decodeKeyset;

/**
 * What several hackathon use cases read alike: the clock, absolute page links, a hackathon as the
 * viewer may see it, and the idea it was proposed from (through the ideas area's lookup).
 */
export function createHackathonsShared(ctx: AppContext, findIdea: FindLinkableIdea) {
  const now = () => ctx.clock.now();
  /** An absolute link to a web page, for e-mails and calendar files (CONTRACT has no PUBLIC_URL; README). */
  const pageUrl = (path: string) => `${ctx.config.publicUrl}${path}`;

  async function loadVisible(viewer: Viewer, id: string): Promise<repo.HackathonRecord> {
    if (!isUuid(id)) notFound('Hackathon not found');
    const rec = await repo.findRecord(ctx.db, id, viewer?.id ?? null);
    // CONTRACT §3: pending and rejected hackathons are absent for everyone but organiser and admins.
    if (!rec || !canSeeHackathon(viewer, rec.h)) return notFound('Hackathon not found');
    return rec;
  }

  /** The idea a hackathon was proposed from, as its page links back to it: null once hidden or merged. */
  async function linkedIdea(ideaId: string | null): Promise<Hackathon['idea']> {
    const idea = ideaId ? await findIdea(ctx.db, ideaId) : null;
    return idea ? { _id: idea.id, title: idea.title } : null;
  }

  return { now, pageUrl, loadVisible, linkedIdea };
}

export type HackathonsShared = ReturnType<typeof createHackathonsShared>;
