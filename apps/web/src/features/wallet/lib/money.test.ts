import { MSG } from '@agora/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { moneyError } from './money';

describe('moneyError', () => {
  it('shows a server sentence as it is, without an "Error: " in front', () => {
    const upi = 'Please enter a valid UPI ID (for example name@bank)';
    expect(moneyError(new ApiError(400, upi, 'VALIDATION_ERROR'))).toBe(upi);
    expect(moneyError(new ApiError(400, MSG.insufficientBalance, 'BAD_REQUEST'))).toBe(
      MSG.insufficientBalance,
    );
  });

  it('names a bare error word as an error, and a lost connection by the network sentence', () => {
    expect(moneyError(new ApiError(500, 'ECONNRESET', 'INTERNAL'))).toBe('Error: ECONNRESET');
    expect(moneyError(new NetworkError())).toBe(MSG.networkError);
  });
});
