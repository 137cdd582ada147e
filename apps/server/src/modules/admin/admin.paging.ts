import { decodeKeyset } from '../../lib/cursor.js';

/** A page of a list and the cursor of the next one (sent as X-Next-Cursor; null on the last page). */
export interface Paged<T> {
  items: T[];
  nextCursor: string | null;
}

/** A list query's cursor and page size, as the owning areas' list functions take them. */
export function listOpts(q: { cursor?: string; limit: number }) {
  return { cursor: decodeKeyset(q.cursor), limit: q.limit };
}
