import { describe, expect, it } from 'vitest';
import { batchedLogStream } from './log-stream.js';

describe('batchedLogStream', () => {
  it('writes the lines of one event-loop turn together, in order, at the end of the turn', async () => {
    const writes: string[] = [];
    const stream = batchedLogStream({ write: (c) => writes.push(c) }, () => {});
    stream.write('a\n');
    stream.write('b\n');
    stream.write('c\n');
    expect(writes).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual(['a\nb\nc\n']);
    stream.write('d\n');
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
  });

  it('writes what is still buffered when the process exits', () => {
    const writes: string[] = [];
    let onExit: () => void = () => {};
    const stream = batchedLogStream({ write: (c) => writes.push(c) }, (f) => {
      onExit = f;
    });
    stream.write('last words\n');
    onExit();
    expect(writes).toEqual(['last words\n']);
    onExit();
    expect(writes).toEqual(['last words\n']);
  });
});
