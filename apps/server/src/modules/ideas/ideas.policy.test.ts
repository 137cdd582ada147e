import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../context.js';
import {
  canDeleteComment,
  canLinkToIdea,
  canListHiddenIdeasOf,
  canManageIdea,
  canRestoreIdea,
  canSeeIdea,
  canSeeIdeaToAct,
  isIdeaAuthor,
  notifiesAuthor,
} from './ideas.policy.js';

const person = (id: string, role: SessionUser['role'] = 'user'): SessionUser => ({
  id,
  sessionId: `s-${id}`,
  email: `${id}@example.com`,
  name: id,
  displayName: id,
  role,
});

const author = person('author');
const other = person('other');
const admin = person('admin', 'admin');
const visible = { authorId: author.id, hidden: false, hiddenByAdmin: false };
const hidden = { authorId: author.id, hidden: true, hiddenByAdmin: false };

describe('ideas policy', () => {
  it('shows a visible idea to everyone, a hidden one to its author and admins only', () => {
    for (const viewer of [null, author, other, admin]) expect(canSeeIdea(viewer, visible)).toBe(true);
    expect(canSeeIdea(null, hidden)).toBe(false);
    expect(canSeeIdea(other, hidden)).toBe(false);
    expect(canSeeIdea(author, hidden)).toBe(true);
    expect(canSeeIdea(admin, hidden)).toBe(true);
  });

  it('lets only the author act on their idea; a hidden one does not exist for anyone else, admins included', () => {
    expect(canSeeIdeaToAct(other, visible)).toBe(true);
    expect(canSeeIdeaToAct(author, hidden)).toBe(true);
    expect(canSeeIdeaToAct(other, hidden)).toBe(false);
    expect(canSeeIdeaToAct(admin, hidden)).toBe(false);
    expect(canManageIdea(author, visible)).toBe(true);
    expect(canManageIdea(other, visible)).toBe(false);
    expect(canManageIdea(admin, visible)).toBe(false);
    expect(isIdeaAuthor(null, visible)).toBe(false);
  });

  it("does not let the author lift a moderator's hide", () => {
    expect(canRestoreIdea({ hiddenByAdmin: false })).toBe(true);
    expect(canRestoreIdea({ hiddenByAdmin: true })).toBe(false);
  });

  it('lists hidden ideas only to their owner', () => {
    expect(canListHiddenIdeasOf(author, author.id)).toBe(true);
    expect(canListHiddenIdeasOf(other, author.id)).toBe(false);
    expect(canListHiddenIdeasOf(admin, author.id)).toBe(false);
  });

  it("deletes a comment for the comment's author and the idea's author only", () => {
    const byOther = { author: { id: other.id } };
    expect(canDeleteComment(other, visible, byOther)).toBe(true);
    expect(canDeleteComment(author, visible, byOther)).toBe(true);
    expect(canDeleteComment(person('third'), visible, byOther)).toBe(false);
    expect(canDeleteComment(admin, visible, byOther)).toBe(false);
  });

  it("notifies the author of others' likes and comments, never of their own", () => {
    expect(notifiesAuthor(other, visible)).toBe(true);
    expect(notifiesAuthor(author, visible)).toBe(false);
  });

  it('links only to an idea everyone can see: not hidden, not merged', () => {
    expect(canLinkToIdea({ hidden: false, status: 'new' })).toBe(true);
    expect(canLinkToIdea({ hidden: false, status: 'launched' })).toBe(true);
    expect(canLinkToIdea({ hidden: true, status: 'new' })).toBe(false);
    expect(canLinkToIdea({ hidden: false, status: 'merged' })).toBe(false);
  });
});
