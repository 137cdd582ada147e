import type { AdminIdea } from '@agora/shared';
import type { Executor } from '../../db/client.js';
import type { ListOpts } from '../../lib/admin-list.js';
import { page } from '../../lib/cursor.js';
import { toAdminIdea } from './ideas.presenter.js';
import * as repo from './ideas.repo.js';

/*
 * What the admin area reads and changes of ideas. This area owns the rows and the hide rule
 * (repo.setHiddenBy); the admin area authorises, audits and calls these inside its transaction.
 */

export async function listIdeasForAdmin(
  db: Executor,
  f: { q?: string; hidden?: boolean } & ListOpts,
): Promise<{ items: AdminIdea[]; nextCursor: string | null }> {
  const p = page(await repo.listForAdmin(db, f), f.limit);
  return { items: p.items.map(toAdminIdea), nextCursor: p.nextCursor };
}

export async function findIdeaForAdmin(db: Executor, id: string): Promise<AdminIdea | undefined> {
  const row = await repo.findForAdmin(db, id);
  return row && toAdminIdea(row);
}

export const lockIdea = repo.lockIdea;

/** An admin's hide (which its author cannot undo), or lifting it: then the author's choice stands. */
export function setHiddenByAdmin(tx: Executor, id: string, hidden: boolean, now: Date): Promise<void> {
  return repo.setHiddenBy(tx, id, 'admin', hidden, now);
}

export function deleteIdea(tx: Executor, id: string): Promise<void> {
  return repo.deleteIdeaRow(tx, id);
}
