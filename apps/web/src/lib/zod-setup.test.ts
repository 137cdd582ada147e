import { describe, expect, it } from 'vitest';

describe('zod-setup', () => {
  it('turns on jitless in the configuration zod reads, without importing zod (the CSP forbids eval)', async () => {
    await import('./zod-setup');
    // Imported only now: zod finds the configuration the entry set before it was ever loaded.
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
