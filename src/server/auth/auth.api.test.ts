import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../test-harness';
import { TOKEN_CACHE_TTL_MS, TOKEN_LIFETIME_MS } from './tokens';
import { setPassword } from './password';
import { LOGIN_WINDOW_MS } from './login-limiter';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const login = (password: unknown, remoteAddress = '10.0.0.1') =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { password },
    remoteAddress,
  });
const verify = (authorization?: string) =>
  server.app.inject({
    method: 'GET',
    url: '/api/v1/auth/verify',
    headers: authorization === undefined ? {} : { authorization },
  });

describe('POST /auth/login', () => {
  it('answers a new opaque token for the right password', async () => {
    const res = await login(TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; token: string }>();
    expect(body.success).toBe(true);
    // 256 random bits in base64url: 43 characters, far above the 128-bit floor.
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = (await login(TEST_PASSWORD)).json<{ token: string }>();
    expect(again.token).not.toBe(body.token);
  });

  it('stores only a hash of the token', async () => {
    const { token } = (await login(TEST_PASSWORD)).json<{ token: string }>();
    const rows = await server.database.db.selectFrom('auth_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers 401 with "Invalid password" for a wrong one', async () => {
    const res = await login('not the password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: 'Invalid password' });
  });

  it.each([
    ['no body', undefined],
    ['an empty password', ''],
    ['a number', 42],
  ])('answers 400 with an error for %s', async (_label, password) => {
    const res =
      password === undefined
        ? await server.app.inject({ method: 'POST', url: '/api/v1/auth/login' })
        : await login(password);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/password|body/i);
  });

  it('refuses an address after 10 failures in 15 minutes, and only that address', async () => {
    for (let i = 0; i < 10; i += 1) expect((await login('wrong')).statusCode).toBe(401);
    const blocked = await login(TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      success: false,
      error: 'Too many sign-in attempts. Try again in 15 minutes.',
    });
    expect((await login(TEST_PASSWORD, '10.0.0.2')).statusCode).toBe(200);
    server.advance(LOGIN_WINDOW_MS - 5 * 60_000);
    expect((await login(TEST_PASSWORD)).json<{ error: string }>().error).toBe(
      'Too many sign-in attempts. Try again in 5 minutes.',
    );
    server.advance(5 * 60_000);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts failures in a sliding window', async () => {
    for (let i = 0; i < 9; i += 1) await login('wrong');
    server.advance(LOGIN_WINDOW_MS);
    expect((await login('wrong')).statusCode).toBe(401);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('GET /auth/verify', () => {
  it('is true for a valid token', async () => {
    const token = await server.signIn();
    expect((await verify(`Bearer ${token}`)).json()).toEqual({ authenticated: true });
  });

  it.each([
    ['missing', undefined],
    ['not bearer', 'Basic dXNlcjpwYXNz'],
    ['unknown', 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['empty', 'Bearer '],
  ])('is false for a %s token', async (_label, header) => {
    const res = await verify(header);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ authenticated: false });
  });

  it('is false once the token has expired', async () => {
    const token = await server.signIn();
    server.advance(TOKEN_LIFETIME_MS - 1);
    expect((await verify(`Bearer ${token}`)).json()).toEqual({ authenticated: true });
    server.advance(1);
    expect((await verify(`Bearer ${token}`)).json()).toEqual({ authenticated: false });
  });
});

describe('the remembered token check', () => {
  it('sees a revocation made by another process within TOKEN_CACHE_TTL_MS', async () => {
    const token = await server.signIn();
    expect((await verify(`Bearer ${token}`)).json()).toEqual({ authenticated: true });
    // As `npm run set-password` would, from its own process: straight into the database.
    await server.database.db.updateTable('auth_tokens').set({ revoked_at: 1 }).execute();
    const realNow = performance.now();
    const clock = vi.spyOn(performance, 'now').mockReturnValue(realNow + TOKEN_CACHE_TTL_MS + 1);
    try {
      expect((await verify(`Bearer ${token}`)).json()).toEqual({ authenticated: false });
    } finally {
      clock.mockRestore();
    }
  });
});

describe('POST /auth/logout', () => {
  it('revokes that token and no other', async () => {
    const a = await server.signIn();
    const b = await server.signIn();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${a}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await verify(`Bearer ${a}`)).json()).toEqual({ authenticated: false });
    expect((await verify(`Bearer ${b}`)).json()).toEqual({ authenticated: true });
  });

  it('needs a valid token', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ error: string }>().error).toBeTruthy();
  });
});

describe('changing the password', () => {
  it('revokes every token and makes the new password the one that works', async () => {
    const token = await server.signIn();
    await setPassword(server.database.db, 'a brand new password', server.ctx.now());
    expect((await verify(`Bearer ${token}`)).json()).toEqual({ authenticated: false });
    expect((await login(TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login('a brand new password')).statusCode).toBe(200);
  });
});
