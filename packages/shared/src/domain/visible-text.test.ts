import { describe, expect, it } from 'vitest';
import { hasVisibleText, isReservedName } from './visible-text.js';

describe('visible text and reserved names', () => {
  it('finds no visible text in zero-width, bidi and space-only strings', () => {
    expect(hasVisibleText('\u200b\u200c\u200d\u2060\ufeff')).toBe(false);
    expect(hasVisibleText('\u202e\u202d \u00a0')).toBe(false);
    expect(hasVisibleText('\u200bA')).toBe(true);
    expect(hasVisibleText('日本')).toBe(true);
    expect(hasVisibleText('?')).toBe(true);
  });

  it('refuses staff-looking names after removing look-alikes and controls', () => {
    for (const n of [
      'Administrator',
      '\u202eAdministrator',
      'ad\u200bmin',
      'Аdmin', // Cyrillic А
      'ADMlN',
      'Moderator',
      'Support',
      'Agora',
      'Ag0ra Support',
      'ａｄｍｉｎ', // full-width
      'Admín',
    ]) {
      expect(isReservedName(n), n).toBe(true);
    }
    for (const n of ['Admin Ada', 'Adminton', 'Asha Rao', 'Supporter of Agora Fans', 'Ravi']) {
      expect(isReservedName(n), n).toBe(false);
    }
  });
});
