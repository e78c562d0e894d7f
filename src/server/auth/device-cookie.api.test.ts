import { randomBytes } from 'node:crypto';
import { parseSetCookie } from 'cookie';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../test-harness';
import {
  DEVICE_COOKIE_LIFETIME_MS,
  DEVICE_COOKIE_NAME,
  readDeviceCookie,
  signDeviceCookie,
} from './device-cookie';
import { LOGIN_WINDOW_MS, UNTRUSTED_MAX_FAILURES } from './login-limiter';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const TOO_MANY = /^Too many sign-in attempts\. Try again in \d+ minutes?\.$/;

const login = (
  app: TestServer['app'],
  password: string,
  remoteAddress: string,
  cookie?: string,
): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { password },
    remoteAddress,
    headers: cookie === undefined ? {} : { cookie },
  });

/** The `name=value` a browser sends back for the device cookie this answer set. */
function deviceCookieOf(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const lines = header === undefined ? [] : [header].flat();
  const set = lines.map((line) => parseSetCookie(line)).find((c) => c.name === DEVICE_COOKIE_NAME);
  if (set?.value === undefined) throw new Error(`no device cookie in ${JSON.stringify(header)}`);
  return `${DEVICE_COOKIE_NAME}=${set.value}`;
}

/**
 * Wrong passwords from distinct addresses without a device cookie until one is refused without
 * being checked: the shared allowance of clients the server does not know is then spent.
 */
async function spendUntrustedAllowance(app: TestServer['app'], prefix: string): Promise<number> {
  for (let i = 0; i < 100; i += 1) {
    const res = await login(app, 'a wrong guess', `${prefix}.${i}`);
    if (res.statusCode === 429) return i;
    expect(res.statusCode).toBe(401);
  }
  throw new Error('100 addresses each had a wrong password checked');
}

describe('sign-in guesses from many addresses', () => {
  it(
    "50 addresses x 12 wrong tries have at most 30 passwords checked, while the operator's browser signs in at once",
    { timeout: 120_000 },
    async () => {
      const operator = await login(server.app, TEST_PASSWORD, '192.168.1.10');
      expect(operator.statusCode).toBe(200);
      const cookie = deviceCookieOf(operator);
      const attackers = Array.from({ length: 50 }, (_, i) => `203.0.113.${i + 1}`);
      let checked = 0;
      let refused = 0;
      for (let round = 0; round < 12; round += 1) {
        // Each round's 50 guesses arrive together: none may slip past a count not yet written.
        const answers = await Promise.all(
          attackers.map((address) => login(server.app, `guess ${round} ${address}`, address)),
        );
        for (const res of answers) {
          if (res.statusCode === 401) {
            // 401 is only ever answered once the password was checked (routes.ts).
            expect(res.json()).toEqual({ success: false, error: 'Invalid password' });
            checked += 1;
          } else {
            expect(res.statusCode).toBe(429);
            expect(res.json<{ error: string }>().error).toMatch(TOO_MANY);
            expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
            refused += 1;
          }
        }
        if (round === 6) {
          // From one of the attacking addresses even: the browser's own allowance is untouched.
          const during = await login(server.app, TEST_PASSWORD, attackers[0] ?? '', cookie);
          expect(during.statusCode).toBe(200);
          expect(during.json<{ token: string }>().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        }
      }
      expect(checked + refused).toBe(600);
      expect(checked).toBeLessThanOrEqual(30);
      // The shared allowance is used up exactly, not overrun by the guesses that came together.
      expect(checked).toBe(UNTRUSTED_MAX_FAILURES);
      expect((await login(server.app, TEST_PASSWORD, '192.168.1.10', cookie)).statusCode).toBe(200);
      // Without the cookie, the right password waits like every unknown client's.
      const stranger = await login(server.app, TEST_PASSWORD, '198.51.100.7');
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json()).toEqual({
        success: false,
        error: expect.stringMatching(TOO_MANY),
      });
      server.advance(LOGIN_WINDOW_MS);
      expect((await login(server.app, TEST_PASSWORD, '198.51.100.7')).statusCode).toBe(200);
    },
  );

  it('sets the device cookie HttpOnly, SameSite=Strict, on the sign-in path only, signed', async () => {
    const res = await login(server.app, TEST_PASSWORD, '192.168.1.10');
    const header = [res.headers['set-cookie'] ?? []].flat().join('\n');
    const set = parseSetCookie(header);
    expect(set).toMatchObject({
      name: DEVICE_COOKIE_NAME,
      httpOnly: true,
      sameSite: 'strict',
      path: '/api/v1/auth',
      maxAge: DEVICE_COOKIE_LIFETIME_MS / 1000,
    });
    expect(set.secure).toBeUndefined();
    // Nothing of the session token is in it.
    const { token } = res.json<{ token: string }>();
    expect(header).not.toContain(token.slice(0, 12));
  });

  it('marks the cookie Secure when the dashboard is served over https', async () => {
    const secure = await startTestServer({ PUBLIC_URL: 'https://jobs.example.org' });
    try {
      const res = await login(secure.app, TEST_PASSWORD, '192.168.1.10');
      const set = parseSetCookie([res.headers['set-cookie'] ?? []].flat().join('\n'));
      expect(set.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('treats a forged, tampered, expired or foreign cookie as no cookie', async () => {
    const cookie = deviceCookieOf(await login(server.app, TEST_PASSWORD, '192.168.1.10'));
    const value = cookie.slice(DEVICE_COOKIE_NAME.length + 1);
    const [deviceId = '', issued = ''] = value.split('.');
    const flipped = `${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    const foreign = signDeviceCookie(randomBytes(32), {
      id: deviceId,
      issuedAt: Number(issued),
    });
    const otherDevice = `${'x'.repeat(deviceId.length)}${value.slice(deviceId.length)}`;
    await spendUntrustedAllowance(server.app, '10.2.0');
    for (const sent of [
      `${DEVICE_COOKIE_NAME}=${flipped}`,
      `${DEVICE_COOKIE_NAME}=${foreign}`,
      `${DEVICE_COOKIE_NAME}=${otherDevice}`,
      `${DEVICE_COOKIE_NAME}=not-a-device`,
      `${DEVICE_COOKIE_NAME}=`,
    ]) {
      const res = await login(server.app, TEST_PASSWORD, '192.168.1.20', sent);
      expect(res.statusCode, sent).toBe(429);
    }
    expect((await login(server.app, TEST_PASSWORD, '192.168.1.20', cookie)).statusCode).toBe(200);

    // Once its lifetime is over, the same cookie counts for nothing.
    server.advance(DEVICE_COOKIE_LIFETIME_MS);
    await spendUntrustedAllowance(server.app, '10.3.0');
    expect((await login(server.app, TEST_PASSWORD, '192.168.1.20', cookie)).statusCode).toBe(429);
  });

  it("holds a device to its own allowance, which spends neither the address's nor the shared one", async () => {
    const cookie = deviceCookieOf(await login(server.app, TEST_PASSWORD, '192.168.1.10'));
    for (let i = 0; i < 10; i += 1) {
      expect((await login(server.app, 'wrong', '192.168.1.10', cookie)).statusCode).toBe(401);
    }
    const blocked = await login(server.app, TEST_PASSWORD, '192.168.1.10', cookie);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      success: false,
      error: 'Too many sign-in attempts. Try again in 15 minutes.',
    });
    // The same address without the cookie, and everyone else, still have their allowances.
    expect((await login(server.app, 'wrong', '192.168.1.10')).statusCode).toBe(401);
    expect((await login(server.app, TEST_PASSWORD, '192.168.1.10')).statusCode).toBe(200);
    server.advance(LOGIN_WINDOW_MS);
    expect((await login(server.app, TEST_PASSWORD, '192.168.1.10', cookie)).statusCode).toBe(200);
  });

  it('keeps a device trusted across a restart: the secret is stored with the data', async () => {
    const cookie = deviceCookieOf(await login(server.app, TEST_PASSWORD, '192.168.1.10'));
    const restarted = await buildApp({
      config: server.config,
      database: server.database,
      now: () => server.ctx.now(),
    });
    await restarted.app.ready();
    try {
      await spendUntrustedAllowance(restarted.app, '10.4.0');
      expect((await login(restarted.app, TEST_PASSWORD, '10.4.0.1', cookie)).statusCode).toBe(200);
    } finally {
      await restarted.app.close();
    }
  });
});

describe('readDeviceCookie', () => {
  it('reads the device of a cookie it signed, and nothing else', () => {
    const secret = randomBytes(32);
    const value = signDeviceCookie(secret, { id: 'AAAAAAAAAAAAAAAAAAAAAA', issuedAt: 1_000 });
    const header = `other=1; ${DEVICE_COOKIE_NAME}=${value}`;
    expect(readDeviceCookie(header, secret, 2_000)).toBe('AAAAAAAAAAAAAAAAAAAAAA');
    expect(readDeviceCookie(header, randomBytes(32), 2_000)).toBeUndefined();
    expect(readDeviceCookie(header, secret, 1_000 + DEVICE_COOKIE_LIFETIME_MS)).toBeUndefined();
    // Issued a day ahead of the server's clock: not one this server made.
    const ahead = signDeviceCookie(secret, { id: 'AAAAAAAAAAAAAAAAAAAAAA', issuedAt: 86_400_000 });
    expect(readDeviceCookie(`${DEVICE_COOKIE_NAME}=${ahead}`, secret, 0)).toBeUndefined();
    expect(readDeviceCookie(undefined, secret, 2_000)).toBeUndefined();
    expect(readDeviceCookie('garbage', secret, 2_000)).toBeUndefined();
  });
});
