import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { perContext } from './per-context.js';

describe('perContext', () => {
  it('builds a service once per context and reuses it', () => {
    let builds = 0;
    const service = perContext((ctx) => ({ n: ++builds, ctx }));
    const a = {} as AppContext;
    const b = {} as AppContext;
    expect(service(a)).toBe(service(a));
    expect(service(a).n).toBe(1);
    expect(service(b).n).toBe(2);
    expect(service(b).ctx).toBe(b);
    expect(builds).toBe(2);
  });
});
