import { describe, expect, it } from 'vitest';
import { rupees, rupeesShort, wholeRupees } from './money.js';

describe('money format (shared by the screens and the server’s e-mails)', () => {
  it('shows paise as rupees with 2 decimals and Indian grouping', () => {
    expect(rupees(0)).toBe('₹0.00');
    expect(rupees(5)).toBe('₹0.05');
    expect(rupees(123450)).toBe('₹1,234.50');
    expect(rupees(123456789)).toBe('₹12,34,567.89');
    expect(rupees(undefined)).toBe('₹0.00');
  });
  it('shows whole rupees and chart figures without decimals', () => {
    expect(wholeRupees(100000)).toBe('₹1,00,000');
    expect(rupeesShort(123450)).toBe('₹1,235');
  });
});
