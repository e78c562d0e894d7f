import { describe, expect, it } from 'vitest';
import {
  cookieParseMessages,
  isCurlCommand,
  normalizeCookies,
  parseCookieInput,
} from './parse-cookie-input';

const parsed = (cookies: string) => ({ state: 'parsed', cookies });

describe('parseCookieInput: plain cookies and empty input', () => {
  it('returns none with empty cookies for empty or blank input', () => {
    expect(parseCookieInput('')).toEqual({ state: 'none', cookies: '' });
    expect(parseCookieInput('  \n\t ')).toEqual({ state: 'none', cookies: '' });
  });

  it('returns none and the trimmed input for plain cookies', () => {
    expect(parseCookieInput('  li_at=AQE123; JSESSIONID="ajax:42"\n')).toEqual({
      state: 'none',
      cookies: 'li_at=AQE123; JSESSIONID="ajax:42"',
    });
  });

  it('does not take a word that merely starts with curl for a command', () => {
    expect(parseCookieInput('curly=1; li_at=x')).toEqual({
      state: 'none',
      cookies: 'curly=1; li_at=x',
    });
  });
});

describe('parseCookieInput: -b and --cookie values', () => {
  it('reads a single-quoted -b value', () => {
    expect(
      parseCookieInput("curl 'https://www.linkedin.com/feed/' -b 'li_at=AQE; lang=v=2&lang=en-us'"),
    ).toEqual(parsed('li_at=AQE; lang=v=2&lang=en-us'));
  });

  it('reads a double-quoted -b value with escaped quotes inside', () => {
    expect(
      parseCookieInput(
        'curl "https://www.linkedin.com/" -b "li_at=AQE; JSESSIONID=\\"ajax:123\\""',
      ),
    ).toEqual(parsed('li_at=AQE; JSESSIONID=ajax:123'));
  });

  it('reads an unquoted -b value', () => {
    expect(parseCookieInput('curl https://www.linkedin.com/ -b li_at=AQE')).toEqual(
      parsed('li_at=AQE'),
    );
  });

  it('reads single-, double- and un-quoted --cookie values', () => {
    expect(parseCookieInput("curl https://x --cookie 'li_at=1; b=2'")).toEqual(
      parsed('li_at=1; b=2'),
    );
    expect(parseCookieInput('curl https://x --cookie "li_at=1; b=2"')).toEqual(
      parsed('li_at=1; b=2'),
    );
    expect(parseCookieInput('curl https://x --cookie li_at=1')).toEqual(parsed('li_at=1'));
  });

  it('reads the attached forms -bVALUE and --cookie=VALUE', () => {
    expect(parseCookieInput("curl https://x -b'li_at=1'")).toEqual(parsed('li_at=1'));
    expect(parseCookieInput("curl https://x --cookie='li_at=1'")).toEqual(parsed('li_at=1'));
  });

  it('ignores leading whitespace before "curl "', () => {
    expect(parseCookieInput("\n  curl https://x -b 'li_at=1'")).toEqual(parsed('li_at=1'));
  });
});

describe('parseCookieInput: normalisation (SPEC.md §5)', () => {
  it('strips surrounding double or single quotes from each value', () => {
    expect(
      parseCookieInput(`curl https://x -b 'li_at="AQE"; JSESSIONID="ajax:123"; lang='"'"'en'"'"''`),
    ).toEqual(parsed('li_at=AQE; JSESSIONID=ajax:123; lang=en'));
  });

  it('keeps quotes that do not surround the whole value', () => {
    expect(normalizeCookies('a="x; b=y"z"; c="')).toBe('a="x; b=y"z"; c="');
  });

  it('trims pieces, drops empty ones and rejoins with "; "', () => {
    expect(
      parseCookieInput('curl https://x -b \';; li_at=1 ;  ; JSESSIONID="ajax:9";bcookie=v=2;\''),
    ).toEqual(parsed('li_at=1; JSESSIONID=ajax:9; bcookie=v=2'));
  });

  it('keeps everything after the first "=" as the value', () => {
    expect(normalizeCookies('lidc="b=VB12:s=V:r=V:a=V"')).toBe('lidc=b=VB12:s=V:r=V:a=V');
  });
});

describe('parseCookieInput: multi-line commands', () => {
  it('joins bash line continuations (backslash + newline)', () => {
    const command = [
      "curl 'https://www.linkedin.com/voyager/api/me' \\",
      "  -H 'accept: application/json' \\",
      '  -b \'li_at=AQE; JSESSIONID="ajax:5"\' \\',
      "  -H 'csrf-token: ajax:5'",
    ].join('\n');
    expect(parseCookieInput(command)).toEqual(parsed('li_at=AQE; JSESSIONID=ajax:5'));
  });

  it('joins continuations with CRLF line ends', () => {
    expect(parseCookieInput("curl 'https://x' \\\r\n  -b 'li_at=1'\r\n")).toEqual(
      parsed('li_at=1'),
    );
  });

  it('reads a Windows cmd command with ^ continuations and ^" quoting', () => {
    const command = [
      'curl ^"https://www.linkedin.com/feed/^" ^',
      '  -H ^"accept: text/html^" ^',
      '  -b ^"li_at=AQE; JSESSIONID=^\\^"ajax:77^\\^"; lang=v=2^&lang=en-us^" ^',
      '  -H ^"user-agent: Mozilla/5.0^"',
    ].join('\r\n');
    expect(parseCookieInput(command)).toEqual(
      parsed('li_at=AQE; JSESSIONID=ajax:77; lang=v=2&lang=en-us'),
    );
  });
});

describe('parseCookieInput: cookie headers', () => {
  it("reads -H 'cookie: …'", () => {
    expect(
      parseCookieInput(
        "curl 'https://x' -H 'accept: */*' -H 'cookie: li_at=1; JSESSIONID=\"ajax:2\"'",
      ),
    ).toEqual(parsed('li_at=1; JSESSIONID=ajax:2'));
  });

  it('reads -H "Cookie: …" in any letter case, and --header', () => {
    expect(parseCookieInput('curl https://x -H "Cookie: li_at=1"')).toEqual(parsed('li_at=1'));
    expect(parseCookieInput("curl https://x --header 'COOKIE:li_at=1'")).toEqual(parsed('li_at=1'));
  });

  it("reads a cookie header written with $'…' quoting", () => {
    expect(parseCookieInput("curl https://x -H $'cookie: li_at=1; note=it\\'s'")).toEqual(
      parsed("li_at=1; note=it's"),
    );
  });

  it('does not mistake a header whose name only contains "cookie"', () => {
    expect(parseCookieInput("curl https://x -H 'x-cookie-consent: a=1'")).toEqual({
      state: 'error',
      cookies: '',
    });
  });
});

describe('parseCookieInput: cURL commands without cookies', () => {
  it('is an error when a command has no cookie argument', () => {
    expect(parseCookieInput("curl 'https://www.linkedin.com/' -H 'accept: text/html'")).toEqual({
      state: 'error',
      cookies: '',
    });
  });

  it('is an error when -b is empty, only separators, or a cookie file name', () => {
    expect(parseCookieInput("curl https://x -b ''")).toEqual({ state: 'error', cookies: '' });
    expect(parseCookieInput("curl https://x -b ' ; ; '")).toEqual({ state: 'error', cookies: '' });
    expect(parseCookieInput('curl https://x -b cookies.txt')).toEqual({
      state: 'error',
      cookies: '',
    });
    expect(parseCookieInput('curl https://x -b')).toEqual({ state: 'error', cookies: '' });
  });
});

describe('parseCookieInput: a real Chrome "Copy as cURL (bash)" command', () => {
  const command = String.raw`curl 'https://www.linkedin.com/voyager/api/graphql?variables=(start:0)&queryId=voyagerJobsDashJobCards.93590' \
  -H 'accept: application/vnd.linkedin.normalized+json+2.1' \
  -H 'accept-language: en-US,en;q=0.9' \
  -b 'bcookie="v=2&0a1b2c3d-1111-2222-3333-444455556666"; bscookie="v=1&202501011200000a1b2c3d-1111AQE"; li_gc=MTswOzE3MzU3MzAwMDA7MjswMjE; lang=v=2&lang=en-us; li_at=AQEDAT0123456789abcdefAAABlK_example-token; liap=true; JSESSIONID="ajax:1234567890123456789"; timezone=Europe/Berlin; li_theme=light; lidc="b=VB12:s=V:r=V:a=V:p=V:g=4000:u=1:x=1:i=1735730000:t=1735816400:v=2:sig=AQF"' \
  -H 'csrf-token: ajax:1234567890123456789' \
  -H 'priority: u=1, i' \
  -H 'referer: https://www.linkedin.com/jobs/search/?keywords=analyst' \
  -H 'sec-ch-ua: "Chromium";v="134", "Not:A-Brand";v="24", "Google Chrome";v="134"' \
  -H 'sec-ch-ua-mobile: ?0' \
  -H 'sec-ch-ua-platform: "Windows"' \
  -H 'sec-fetch-dest: empty' \
  -H 'sec-fetch-mode: cors' \
  -H 'sec-fetch-site: same-origin' \
  -H 'user-agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/134.0.0.0 Safari/537.36' \
  -H 'x-li-lang: en_US' \
  -H $'x-li-track: {"clientVersion":"1.13.2","mpVersion":"1.13.2","osName":"web","timezoneOffset":1,"deviceFormFactor":"DESKTOP","mpName":"voyager-web"}' \
  -H 'x-restli-protocol-version: 2.0.0'`;

  it('is recognised as a cURL command', () => {
    expect(isCurlCommand(command)).toBe(true);
  });

  it('extracts and normalises every cookie', () => {
    expect(parseCookieInput(command)).toEqual(
      parsed(
        [
          'bcookie=v=2&0a1b2c3d-1111-2222-3333-444455556666',
          'bscookie=v=1&202501011200000a1b2c3d-1111AQE',
          'li_gc=MTswOzE3MzU3MzAwMDA7MjswMjE',
          'lang=v=2&lang=en-us',
          'li_at=AQEDAT0123456789abcdefAAABlK_example-token',
          'liap=true',
          'JSESSIONID=ajax:1234567890123456789',
          'timezone=Europe/Berlin',
          'li_theme=light',
          'lidc=b=VB12:s=V:r=V:a=V:p=V:g=4000:u=1:x=1:i=1735730000:t=1735816400:v=2:sig=AQF',
        ].join('; '),
      ),
    );
  });
});

describe('cookieParseMessages', () => {
  it("holds SPEC.md §4's exact texts", () => {
    expect(cookieParseMessages).toEqual({
      none: null,
      detected: 'Detected cURL command, parsing cookies...',
      parsed: 'Successfully extracted cookies from cURL command!',
      error: 'Could not extract cookies from cURL command. Please check the format.',
    });
  });
});
