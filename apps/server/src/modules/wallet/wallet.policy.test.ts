import { describe, expect, it } from 'vitest';
import { canDistribute, canManagePayouts } from './wallet.policy.js';

describe('wallet policy', () => {
  it("lets only the question's author distribute its reward (not even an admin)", () => {
    const q = { authorId: 'u' };
    expect(canDistribute({ id: 'u', role: 'questioner' }, q)).toBe(true);
    expect(canDistribute({ id: 'a', role: 'admin' }, q)).toBe(false);
    expect(canDistribute({ id: 'x', role: 'user' }, q)).toBe(false);
  });

  it('leaves payouts to admins', () => {
    expect(canManagePayouts({ id: 'a', role: 'admin' })).toBe(true);
    for (const role of ['user', 'questioner', 'answerer'] as const)
      expect(canManagePayouts({ id: 'u', role })).toBe(false);
  });
});
