import type { Config } from '../../config.js';
import type { SessionUser } from '../../context.js';
import type { Executor } from '../../db/client.js';

/** An idea as tags and responses act on it. */
export interface IdeaToAct {
  id: string;
  title: string;
  authorId: string;
}

/** An official response, in the words the idea's followers read. */
export interface ResponseNews {
  type: 'idea_response';
  ideaTitle: string;
  headline: string;
  detail?: string | null;
  link: string;
}

/**
 * What organisations need of the ideas area, wired in by the app (modules/registry.ts): an idea page
 * shows its organisations and their responses, so organisations does not import ideas back.
 */
export interface OrganizationIdeas {
  /** The idea while the caller may act on it (a hidden one only for its author); null otherwise. */
  findIdeaToAct(exec: Executor, user: SessionUser, id: string): Promise<IdeaToAct | null>;
  /** Tells the idea's followers (but `except`) in the caller's transaction; returns who was notified. */
  notifyIdeaFollowers(
    exec: Executor,
    config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
    ideaId: string,
    news: ResponseNews,
    opts: { except: string[] },
  ): Promise<string[]>;
}
