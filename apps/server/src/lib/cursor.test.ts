import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { decodeKeyset, encodeCursor, encodeKeyset, isCursorTs } from './cursor.js';

const ID = '0190a3c2-1111-7222-8333-444455556666';

function rejects(raw: string) {
  try {
    decodeKeyset(raw);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).message).toBe('Invalid cursor');
    return;
  }
  throw new Error(`accepted ${raw}`);
}

describe('cursor codec', () => {
  it('keeps microseconds through a round trip', () => {
    const k = { ts: '2026-11-24T01:02:03.123456Z', id: ID };
    expect(decodeKeyset(encodeKeyset(k))).toEqual(k);
  });

  it('accepts real instants only, within years 1–9999', () => {
    expect(isCursorTs('2024-02-29T23:59:59.999999Z')).toBe(true);
    expect(isCursorTs('2023-02-29T00:00:00.000000Z')).toBe(false);
    expect(isCursorTs('0000-01-01T00:00:00.000000Z')).toBe(false);
    expect(isCursorTs('2026-13-01T00:00:00.000000Z')).toBe(false);
    expect(isCursorTs('2026-04-31T00:00:00.000000Z')).toBe(false);
    expect(isCursorTs('2026-01-01T24:00:00.000000Z')).toBe(false);
    expect(isCursorTs('+275760-09-13T00:00:00.000Z')).toBe(false);
  });

  it('refuses extreme dates, wrong shapes and garbage with 400 "Invalid cursor"', () => {
    for (const ts of [
      '+275760-09-13T00:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
    ]) {
      rejects(encodeCursor([ts, ID]));
    }
    rejects(encodeCursor(['2026-01-01T00:00:00.000000Z', 'not-a-uuid']));
    rejects(encodeCursor(['2026-01-01T00:00:00.000000Z', ID, 'extra']));
    rejects(Buffer.from('{"ts":"x"}').toString('base64url'));
    rejects('%%%');
    rejects('a'.repeat(5000));
  });
});
