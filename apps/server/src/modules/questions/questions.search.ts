import type { QuestionSort } from '@agora/shared';
import {
  decodeCursor as decodeCursorParts,
  encodeCursor as encodeCursorParts,
  isCursorId,
  isCursorInt,
  isCursorTs,
} from '../../lib/cursor.js';
import type { ListCursor, QuestionRecord } from './questions.repo.js';

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

/** Opaque keyset cursor (CONTRACT §3: X-Next-Cursor), through the one codec in lib/cursor.ts. */
export function encodeCursor(c: ListCursor): string {
  switch (c.kind) {
    case 'date':
      return encodeCursorParts(['date', c.dir, c.ts, c.id]);
    case 'deadline':
      return encodeCursorParts(['deadline', c.ts, c.id]);
    case 'reward':
      return encodeCursorParts(['reward', c.reward, c.ts, c.id]);
    case 'random':
      return encodeCursorParts(['random', c.seed, c.key, c.id]);
  }
}

export function decodeCursor(raw: string | undefined): ListCursor | null {
  return decodeCursorParts(raw, (parts): ListCursor | null => {
    const [kind, a, b, id, ...rest] = parts;
    if (kind === 'deadline' && parts.length === 3 && isCursorTs(a) && isCursorId(b)) {
      return { kind, ts: a, id: b };
    }
    // A reward in paise: a question's reward is at most rewardMaxRupees (10^8 paise).
    if (kind === 'reward' && parts.length === 4 && isCursorInt(a, 0, Number.MAX_SAFE_INTEGER)) {
      return isCursorTs(b) && isCursorId(id) ? { kind, reward: a, ts: b, id } : null;
    }
    if (rest.length > 0 || !isCursorId(id)) return null;
    if (kind === 'date' && (a === 'asc' || a === 'desc') && isCursorTs(b)) return { kind, dir: a, ts: b, id };
    if (
      kind === 'random' &&
      typeof a === 'string' &&
      /^[0-9a-f]{8,32}$/.test(a) &&
      typeof b === 'string' &&
      // The question's random key (a signed 32-bit hashtext, migration 0015).
      /^-?\d{1,10}$/.test(b) &&
      Math.abs(Number(b)) <= 2 ** 31
    ) {
      return { kind, seed: a, key: b, id };
    }
    return null;
  });
}

/** The kind of keyset cursor each sort pages with. */
export function cursorKind(sort: QuestionSort): ListCursor['kind'] {
  if (sort === 'random') return 'random';
  if (sort === 'ending-soon') return 'deadline';
  if (sort === 'reward-high') return 'reward';
  return 'date';
}

export const dateDir = (sort: QuestionSort) => (sort === 'date-old' ? 'asc' : 'desc');

/** The position after a page's last row, in its sort's key. */
export function cursorAfter(sort: QuestionSort, last: QuestionRecord, seed: string): ListCursor {
  switch (cursorKind(sort)) {
    case 'random':
      return { kind: 'random', seed, key: last.randomKey!, id: last.id };
    case 'deadline':
      return { kind: 'deadline', ts: last.deadlineTs!, id: last.id };
    case 'reward':
      return { kind: 'reward', reward: last.rewardAmount, ts: last.cursorTs, id: last.id };
    default:
      return { kind: 'date', dir: dateDir(sort), ts: last.cursorTs, id: last.id };
  }
}
