import { describe, expect, it } from 'vitest';
import { maskSecrets, secretsOf, secretUrlParts, smtpPasswordParts } from './secret-mask';

describe('secretUrlParts and maskSecrets', () => {
  const url =
    'https://bot:Us3rPassw0rd@hooks.example.com/services/T0AB12CD/xoxbT0ken99?key=K3y%2BValue&v=2#fragm3nt';
  const mask = (text: string) => maskSecrets(text, secretUrlParts(url));

  it.each([
    ['the whole URL', `POST ${url} failed`, 'POST *** failed'],
    ['a path segment alone', 'token xoxbT0ken99 revoked', 'token *** revoked'],
    ['another segment alone', 'team T0AB12CD unknown', 'team *** unknown'],
    ['a query value as sent', 'key=K3y%2BValue', 'key=***'],
    ['a query value decoded', 'bad key K3y+Value', 'bad key ***'],
    ['the user info together', 'user bot:Us3rPassw0rd', 'user ***'],
    ['the user info password alone', 'password Us3rPassw0rd refused', 'password *** refused'],
    ['the fragment', 'anchor fragm3nt', 'anchor ***'],
    ['a part in another case', 'XOXBT0KEN99', '***'],
  ])('masks %s', (_name, text, expected) => {
    expect(mask(text)).toBe(expected);
  });

  it('leaves the short parts, which are the shape of a URL and not its secret', () => {
    expect(mask('bot v=2 not found')).toBe('bot v=2 not found');
    expect(secretUrlParts(url)).not.toContain('v=2');
  });

  it('reads a secret with regular-expression characters as plain text', () => {
    expect(maskSecrets('a (x+y)* b', ['(x+y)*'])).toBe('a *** b');
    expect(maskSecrets('a xxy b', ['(x+y)*'])).toBe('a xxy b');
  });
});

describe('smtpPasswordParts', () => {
  it('masks the password whatever its length, and the forms AUTH sends it in', () => {
    const secrets = smtpPasswordParts('scout', 'pw1');
    expect(maskSecrets('535 pw1 rejected', secrets)).toBe('535 *** rejected');
    const plain = Buffer.from('\u0000scout\u0000pw1').toString('base64');
    const login = Buffer.from('pw1').toString('base64');
    expect(maskSecrets(`535 bad ${plain} / ${login}`, secrets)).toBe('535 bad *** / ***');
  });

  it('has nothing to mask without a password, and a URL channel has its parts', () => {
    expect(smtpPasswordParts('scout', null)).toEqual([]);
    expect(
      secretsOf({
        kind: 'email',
        smtp_host: 'h',
        smtp_port: 25,
        smtp_tls: 'none',
        smtp_user: '',
        smtp_password: '',
        email_from: 'a@b.c',
        email_to: 'a@b.c',
      }),
    ).toEqual([]);
    expect(secretsOf({ kind: 'ntfy', url: 'https://ntfy.sh/alerts-8f3k2' })).toContain(
      'alerts-8f3k2',
    );
  });
});
