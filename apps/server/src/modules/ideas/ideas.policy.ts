import type { SessionUser } from '../../context.js';

type Owned = { authorId: string; hidden: boolean };

export const isIdeaAuthor = (user: SessionUser | null, idea: { authorId: string }): boolean =>
  !!user && user.id === idea.authorId;

/**
 * Reading an idea and its comments: a visible idea by everyone, a hidden one only by its author and
 * by admins (who moderate it); for anyone else it does not exist (404).
 */
export const canSeeIdea = (viewer: SessionUser | null, idea: Owned): boolean =>
  !idea.hidden || isIdeaAuthor(viewer, idea) || viewer?.role === 'admin';

/**
 * The author's own actions (hide, restore, delete, delete a comment on it): a hidden idea exists
 * here only for its author (404 for everyone else, admins included: they act from the admin portal).
 */
export const canSeeIdeaToAct = (user: SessionUser, idea: Owned): boolean =>
  !idea.hidden || isIdeaAuthor(user, idea);

/** Hiding, restoring and deleting an idea: its author only (403 for anyone else who can see it). */
export const canManageIdea = (user: SessionUser, idea: { authorId: string }): boolean =>
  isIdeaAuthor(user, idea);

/** A moderator's hide is not the author's to undo (admins lift it from the admin portal). */
export const canRestoreIdea = (idea: { hiddenByAdmin: boolean }): boolean => !idea.hiddenByAdmin;

/** The hidden-ideas list of a user: only their own. */
export const canListHiddenIdeasOf = (user: SessionUser, userId: string): boolean => user.id === userId;

/** Deleting a comment: the comment's author or the idea's author. */
export const canDeleteComment = (
  user: SessionUser,
  idea: { authorId: string },
  comment: { author: { id: string } },
): boolean => comment.author.id === user.id || isIdeaAuthor(user, idea);

/**
 * Likes and comments notify the idea's author, except their own (an author may like and comment on
 * their own idea; it counts, nobody is notified). Likes and comments take visible ideas only: the
 * repo's locking queries (lockVisibleIdea, countNewComment) apply that in the same statement.
 */
export const notifiesAuthor = (actor: SessionUser, idea: { authorId: string }): boolean =>
  !isIdeaAuthor(actor, idea);

/** Setting an idea's status: its author or an admin. */
export const canSetIdeaStatus = (user: SessionUser, idea: { authorId: string }): boolean =>
  isIdeaAuthor(user, idea) || user.role === 'admin';

/** Merging one idea into another: an admin, or the author of both. */
export const canMergeIdeas = (
  user: SessionUser,
  from: { authorId: string },
  into: { authorId: string },
): boolean => user.role === 'admin' || (isIdeaAuthor(user, from) && isIdeaAuthor(user, into));

/**
 * Linking to an idea from elsewhere (a hackathon proposed from it): only one everyone can see —
 * not hidden and not merged into another (its link would lead to a redirect, not the idea).
 */
export const canLinkToIdea = (idea: { hidden: boolean; status: string }): boolean =>
  !idea.hidden && idea.status !== 'merged';
