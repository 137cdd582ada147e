import { badRequest } from '../../lib/errors.js';
import type { ListCursor } from './questions.repo.js';

const MAX_TERMS = 10;
const MAX_TERM_LENGTH = 40;

function terms(q: string | undefined | null): string[] {
  if (!q) return [];
  // Letters and digits only: nothing of the tsquery syntax (& | ! : * ( ) ') can reach to_tsquery.
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return Array.from(new Set(words.map((w) => w.slice(0, MAX_TERM_LENGTH)))).slice(0, MAX_TERMS);
}

/** "react hoo" → "react:* & hoo:*": every word must match, the last ones as prefixes while typing. */
export function prefixQuery(q: string | undefined | null): string | null {
  const t = terms(q);
  return t.length ? t.map((w) => `${w}:*`).join(' & ') : null;
}

/** Any of the words (for "similar questions" while a title is typed). */
export function anyWordQuery(q: string | undefined | null): string | null {
  const t = terms(q).filter((w) => w.length > 2);
  return t.length ? t.map((w) => `${w}:*`).join(' | ') : null;
}

/** Opaque keyset cursor (CONTRACT §3: X-Next-Cursor). */
export function encodeCursor(c: ListCursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function decodeCursor(raw: string | undefined): ListCursor | null {
  if (!raw) return null;
  let c: Record<string, unknown>;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return badRequest('Invalid cursor');
  }
  // Valid JSON is not yet a cursor: `null`, `1` or `[]` decode too.
  if (typeof c !== 'object' || c === null || Array.isArray(c)) return badRequest('Invalid cursor');
  const id = typeof c.id === 'string' && UUID.test(c.id) ? c.id : null;
  if (
    c?.kind === 'date' &&
    id &&
    (c.dir === 'asc' || c.dir === 'desc') &&
    typeof c.ts === 'string' &&
    TS.test(c.ts)
  ) {
    return { kind: 'date', dir: c.dir, ts: c.ts, id };
  }
  if (
    c?.kind === 'random' &&
    id &&
    typeof c.seed === 'string' &&
    /^[0-9a-f]{8,32}$/.test(c.seed) &&
    typeof c.key === 'string' &&
    // The question's random key (a signed 32-bit hashtext, migration 0015).
    /^-?\d{1,10}$/.test(c.key) &&
    Math.abs(Number(c.key)) <= 2 ** 31
  ) {
    return { kind: 'random', seed: c.seed, key: c.key, id };
  }
  return badRequest('Invalid cursor');
}
