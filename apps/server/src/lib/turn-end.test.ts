import { describe, expect, it } from 'vitest';
import { turnEnd } from './turn-end.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('turnEnd', () => {
  it('runs what a turn queued after that turn, in order, and nothing before', async () => {
    const ran: number[] = [];
    const atEnd = turnEnd(() => {});
    atEnd(() => ran.push(1));
    atEnd(() => ran.push(2));
    await Promise.resolve(); // microtasks of the same turn
    expect(ran).toEqual([]);
    atEnd(() => ran.push(3));
    await nextTurn();
    expect(ran).toEqual([1, 2, 3]);
    // A later turn is a batch of its own.
    atEnd(() => ran.push(4));
    expect(ran).toEqual([1, 2, 3]);
    await nextTurn();
    expect(ran).toEqual([1, 2, 3, 4]);
  });

  it('runs the rest of a batch when one item throws, and reports the error', async () => {
    const ran: string[] = [];
    const errors: unknown[] = [];
    const atEnd = turnEnd((err) => errors.push(err));
    atEnd(() => ran.push('a'));
    atEnd(() => {
      throw new Error('socket gone');
    });
    atEnd(() => ran.push('c'));
    await nextTurn();
    expect(ran).toEqual(['a', 'c']);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('socket gone');
  });

  it('runs the batch at once when its oldest item has waited maxWaitMs', async () => {
    let clock = 0;
    const ran: number[] = [];
    const atEnd = turnEnd(
      () => {},
      0.5,
      () => clock,
    );
    atEnd(() => ran.push(1));
    clock = 0.3;
    atEnd(() => ran.push(2));
    expect(ran).toEqual([]);
    clock = 0.5;
    atEnd(() => ran.push(3)); // the oldest has waited 0.5 ms: the whole batch goes now
    expect(ran).toEqual([1, 2, 3]);
    clock = 0.6;
    atEnd(() => ran.push(4)); // a new batch, timed from now
    clock = 0.9;
    atEnd(() => ran.push(5));
    expect(ran).toEqual([1, 2, 3]);
    await nextTurn();
    expect(ran).toEqual([1, 2, 3, 4, 5]);
  });
});
