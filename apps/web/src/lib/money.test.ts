import { describe, expect, it } from 'vitest';
import { rupees, rupeesShort, wholeRupees } from './money';

describe('money', () => {
  it('shows paise as rupees with 2 decimals and Indian grouping', () => {
    expect(rupees(0)).toBe('₹0.00');
    expect(rupees(2500)).toBe('₹25.00');
    expect(rupees(1250)).toBe('₹12.50');
    expect(rupees(123450)).toBe('₹1,234.50');
    expect(rupees(null)).toBe('₹0.00');
  });
  it('shows whole rupees without decimals', () => {
    expect(wholeRupees(50)).toBe('₹50');
    expect(wholeRupees(100000)).toBe('₹1,00,000');
    expect(rupeesShort(123456)).toBe('₹1,235');
  });
});
