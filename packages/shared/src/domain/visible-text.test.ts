import { describe, expect, it } from 'vitest';
import {
  FALLBACK_DISPLAY_NAME,
  hasHiddenCharacters,
  hasVisibleText,
  isReservedName,
  NAME_TEXT,
  nameProblem,
  stripHiddenCharacters,
  usableName,
} from './visible-text.js';
import {
  DisplayName,
  HackathonCreateInput,
  JobCreateBody,
  ProjectSubmissionInput,
  UpdateMeBody,
} from '../index.js';

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

describe('the name rule: names shown to others', () => {
  const classes: Record<string, string[]> = {
    'bidi embeddings and overrides (U+202A–U+202E)': ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e'],
    'bidi isolates (U+2066–U+2069)': ['\u2066', '\u2067', '\u2068', '\u2069'],
    'direction marks (U+200E, U+200F, U+061C)': ['\u200e', '\u200f', '\u061c'],
    'zero-width characters (U+200B–U+200D, U+2060, U+FEFF)': [
      '\u200b',
      '\u200c',
      '\u200d',
      '\u2060',
      '\ufeff',
    ],
    'other format characters (soft hyphen, invisible operators, tags)': ['\u00ad', '\u2062', '\u{e0041}'],
    'controls and line separators': [
      '\u0000',
      '\u0009',
      '\u000a',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u2028',
      '\u2029',
    ],
    'letters that draw as nothing': ['\u3164', '\u115f', '\uffa0', '\u2800', '\u034f', '\u17b4'],
    'private use and lone surrogates': ['\ue000', '\ud800'],
  };
  for (const [label, chars] of Object.entries(classes)) {
    it(`refuses ${label}, anywhere in a name`, () => {
      for (const ch of chars) {
        for (const name of [`${ch}Asha Rao`, `Asha${ch} Rao`, `Asha Rao${ch}`]) {
          expect(hasHiddenCharacters(name), JSON.stringify(name)).toBe(true);
          expect(nameProblem(name), JSON.stringify(name)).toBe(NAME_TEXT.hidden);
          // Refused; or, at either end, trimmed away by the schema (a tab, a BOM): never stored.
          const parsed = DisplayName().safeParse(name);
          if (parsed.success) expect(parsed.data, JSON.stringify(name)).toBe('Asha Rao');
        }
        const inside = DisplayName().safeParse(`Asha${ch} Rao`);
        expect(inside.error?.issues.map((i) => i.message)).toEqual([NAME_TEXT.hidden]);
        expect(stripHiddenCharacters(`As${ch}ha Rao`)).toBe('Asha Rao');
      }
    });
  }

  it('refuses the reversed "Administrator" that a right-to-left override draws the right way round', () => {
    const name = '\u202erotartsinimdA';
    expect(nameProblem(name)).toBe(NAME_TEXT.hidden);
    const parsed = UpdateMeBody.safeParse({ displayName: name });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([NAME_TEXT.hidden]);
  });

  it('refuses reserved words after NFKC and case folding, behind hidden characters and look-alikes', () => {
    for (const name of [
      'Ａｄｍｉｎ', // full-width
      'ＡＤＭＩＮＩＳＴＲＡＴＯＲ',
      'Adm\u200Bin',
      'A\u00addmin', // soft hyphen
      'ADMİN', // dotted capital I folds to i + a mark
      'ſupport', // long s folds to s
      'SUPPORT',
      'ᴬdmin'.normalize('NFKC'),
      'Ⓐdmin', // circled letter: NFKC makes it "A"
      'Mοderator', // Greek omicron
      '\u202eAdministrator',
    ]) {
      expect(nameProblem(name), JSON.stringify(name)).toBe(NAME_TEXT.reserved);
      const parsed = DisplayName().safeParse(name);
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([NAME_TEXT.reserved]);
    }
  });

  it('lets real names through: other scripts, accents, apostrophes, emoji (a joiner between two emoji too)', () => {
    for (const name of [
      'Asha Rao',
      'José Ñúñez',
      "D'Souza-Fernandes",
      'अनन्या शर्मा',
      'محمد علي',
      '李小龙',
      'Ravi 🚀',
      'Meera 👩‍💻',
      'Family 👨‍👩‍👧',
      'Heart ❤️',
      'Admin Ada',
    ]) {
      expect(nameProblem(name), name).toBeNull();
      expect(DisplayName().safeParse(name).success, name).toBe(true);
    }
    // The joiner is kept between emoji only: between letters it hides nothing visible, so it goes.
    expect(hasHiddenCharacters('Me\u200dera')).toBe(true);
    expect(hasHiddenCharacters('🚀\u200dRavi')).toBe(true);
    expect(stripHiddenCharacters('Meera 👩\u200d💻\u200b')).toBe('Meera 👩\u200d💻');
  });

  it('makes a usable name from offered ones: stripped, then the next offer, then the fallback', () => {
    expect(usableName(['\u202eAsha\u200b Rao\u2069'], 100)).toBe('Asha Rao');
    expect(usableName(['\u202erotartsinimdA'], 100)).toBe('rotartsinimdA');
    expect(usableName(['Adm\u200bin', 'asha.rao'], 100)).toBe('asha.rao');
    expect(usableName(['\u200b\u200b', 'support'], 100)).toBe(FALLBACK_DISPLAY_NAME);
    expect(usableName([null, undefined, ''], 100)).toBe(FALLBACK_DISPLAY_NAME);
    expect(nameProblem(FALLBACK_DISPLAY_NAME)).toBeNull();
    // Cut to the limit by whole characters: never half of a surrogate pair.
    expect(usableName(['ab🚀🚀'], 3)).toBe('ab');
    expect(usableName(['a\u3000\u3000b'], 100)).toBe('a b');
  });

  it('applies to every name shown to others: organisers, teams and their members, companies', () => {
    const hackathon = (organizer: string) =>
      HackathonCreateInput.safeParse({
        title: 'T',
        description: 'D',
        organizer: { name: organizer, email: 'o@example.com' },
        eventDetails: { startDate: '2030-01-01', endDate: '2030-01-02', locationType: 'online' },
        prizes: { prizePool: 'x' },
        category: 'AI/ML',
      });
    const messagesAt = (
      r: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } },
      key: string,
    ) => (r.error?.issues ?? []).filter((i) => i.path.includes(key)).map((i) => i.message);
    expect(messagesAt(hackathon('\u202eOrg'), 'organizer')).toEqual([NAME_TEXT.hidden]);
    expect(messagesAt(hackathon('Agora Team'), 'organizer')).toEqual([NAME_TEXT.reserved]);
    expect(messagesAt(hackathon('Agora Community'), 'organizer')).toEqual([]);
    const submission = (teamName: string, member = 'Ravi') =>
      ProjectSubmissionInput.safeParse({
        teamName,
        projectTitle: 'P',
        projectDescription: 'D',
        teamMembers: [{ userDisplayName: member, userEmail: 'r@example.com' }],
      });
    expect(submission('Team\u200b Photon').success).toBe(false);
    expect(submission('The Moderators ').success).toBe(true);
    expect(submission('Moderator').success).toBe(false);
    expect(submission('Team Photon', 'Ra\u202evi').success).toBe(false);
    expect(submission('Team Photon').success).toBe(true);
    const job = (name: string) =>
      JobCreateBody.safeParse({
        title: 'T',
        description: 'D',
        company: { name },
        location: { city: 'Pune' },
      });
    expect(messagesAt(job('Ac\u2066me'), 'company')).toEqual([NAME_TEXT.hidden]);
    expect(messagesAt(job('Ａｇｏｒａ'), 'company')).toEqual([NAME_TEXT.reserved]);
    expect(messagesAt(job('Acme'), 'company')).toEqual([]);
  });
});
