import { describe, expect, it } from 'vitest';
import { canUseQuestionerPages } from './access';
import { rupees } from '../../../lib/money';
import { kilobytes, plainExcerpt, statusOf } from './format';

describe('question display helpers', () => {
  it('formats paise as rupees with two decimals and bytes as KB', () => {
    expect(rupees(2500)).toBe('₹25.00');
    expect(rupees(1)).toBe('₹0.01');
    expect(kilobytes(10_240)).toBe('10.0 KB');
  });

  it('treats any status other than open and answered as closed', () => {
    expect(statusOf('open')).toBe('open');
    expect(statusOf('answered')).toBe('answered');
    expect(statusOf('weird')).toBe('closed');
  });

  it('turns Markdown into a plain excerpt without stray markers', () => {
    expect(plainExcerpt('I sit. **No injury**, just _stiff_.\n\n- one\n- two')).toBe(
      'I sit. No injury, just stiff. one two',
    );
    expect(plainExcerpt('```js\ncode()\n```\nSee [docs](https://x.y) and `npm i`')).toBe(
      'See docs and npm i',
    );
    expect(plainExcerpt('x'.repeat(300), 10)).toBe(`${'x'.repeat(10)}…`);
  });

  it('lets questioner, admin, user and no role in; answerers and visitors out', () => {
    const auth = (role: string | undefined, token: string | null = 't') =>
      ({ token, user: role === undefined ? null : { role }, isLoggedIn: !!token }) as never;
    expect(canUseQuestionerPages(auth('questioner'))).toBe(true);
    expect(canUseQuestionerPages(auth('admin'))).toBe(true);
    expect(canUseQuestionerPages(auth('user'))).toBe(true);
    expect(canUseQuestionerPages(auth(undefined))).toBe(true);
    expect(canUseQuestionerPages(auth('answerer'))).toBe(false);
    expect(canUseQuestionerPages(auth('user', null))).toBe(false);
  });
});
