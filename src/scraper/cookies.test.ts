import { describe, expect, it } from 'vitest';
import { extractSessionCookies, parseCookieString, requireSessionCookies } from './cookies';

describe('parseCookieString', () => {
  it('splits pairs, keeps quotes and "=" inside values, drops empty pieces', () => {
    const map = parseCookieString(
      'li_at=AQE=x==; JSESSIONID="ajax:123"; ; lang=v=2&lang=en-us;bad; =novalue',
    );
    expect([...map]).toEqual([
      ['li_at', 'AQE=x=='],
      ['JSESSIONID', '"ajax:123"'],
      ['lang', 'v=2&lang=en-us'],
    ]);
  });

  it('keeps percent-encoded values as they are, and the first of two equal names', () => {
    expect([...parseCookieString('li_at=AQE%3D%3D; li_at=second')]).toEqual([
      ['li_at', 'AQE%3D%3D'],
    ]);
  });

  it('tolerates a leading "Cookie:" header name', () => {
    expect(parseCookieString('Cookie: a=1; b=2').get('a')).toBe('1');
  });
});

describe('extractSessionCookies', () => {
  it('finds li_at, JSESSIONID and the csrf token (JSESSIONID without quotes)', () => {
    expect(extractSessionCookies('bcookie="v=2"; li_at=TOKEN; JSESSIONID="ajax:555"')).toEqual({
      liAt: 'TOKEN',
      jsessionId: '"ajax:555"',
      csrfToken: 'ajax:555',
      header: 'bcookie="v=2"; li_at=TOKEN; JSESSIONID="ajax:555"',
    });
    expect(extractSessionCookies('li_at=T; JSESSIONID=ajax:9')?.csrfToken).toBe('ajax:9');
  });

  it('is null without li_at or JSESSIONID', () => {
    expect(extractSessionCookies('JSESSIONID="ajax:1"')).toBeNull();
    expect(extractSessionCookies('li_at=x')).toBeNull();
    expect(extractSessionCookies('li_at=x; JSESSIONID=""')).toBeNull();
  });

  it('requireSessionCookies fails with the given message and no cookie text', () => {
    expect(() => requireSessionCookies('li_at=SECRET', 'paste new ones')).toThrow(
      /^paste new ones$/,
    );
  });
});
