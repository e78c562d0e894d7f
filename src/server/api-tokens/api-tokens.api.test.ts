import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  API_TOKEN_LAST_USED_GRANULARITY_MS,
  API_TOKEN_PATTERN,
  API_TOKENS_MAX,
  API_BASE_PATH,
  apiTokenCreatedSchema,
  apiTokenListSchema,
  type ApiTokenCreated,
} from '../../contract';
import {
  PUBLIC_API_ROUTES,
  READ_ONLY_TOKEN_MESSAGE,
  SESSION_ONLY_API_ROUTES,
  SESSION_ONLY_MESSAGE,
  UNAUTHORIZED,
} from '../auth/guard';
import { setPassword } from '../auth/password';
import { startTestServer, type TestServer } from '../test-harness';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const HOUR = 3_600_000;

async function createToken(body: Record<string, unknown>): Promise<ApiTokenCreated> {
  const res = await server.authed({ method: 'POST', url: '/api/v1/api-tokens', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return apiTokenCreatedSchema.parse(res.json());
}
const listTokens = async () =>
  apiTokenListSchema.parse(
    (await server.authed({ method: 'GET', url: '/api/v1/api-tokens' })).json(),
  );
const withToken = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
  });

/** The API's own routes as registered, relative to /api/v1, with HEAD folded into GET. */
function apiRoutes(): { method: string; path: string; url: string }[] {
  return server.routes
    .filter((r) => r.url.startsWith(`${API_BASE_PATH}/`) && r.method !== 'HEAD')
    .map((r) => ({
      method: r.method,
      path: r.url.slice(API_BASE_PATH.length),
      // A path parameter filled with an id that exists nowhere: the guard answers first.
      url: r.url.replace(/:[A-Za-z_]+/g, '1'),
    }));
}

const webhookChannel = {
  name: 'Team hook',
  kind: 'webhook',
  enabled: true,
  events: ['batch_finished'],
  only_new_jobs: false,
  url: 'https://hooks.example.com/abc',
};

describe('POST /api-tokens', () => {
  it('answers the secret once, prefixed, and stores only its hash', async () => {
    const created = await createToken({ name: 'n8n morning pull', scope: 'read-only' });
    expect(created.token).toMatch(API_TOKEN_PATTERN);
    expect(created).toMatchObject({
      name: 'n8n morning pull',
      scope: 'read-only',
      created_at: new Date(server.ctx.now()).toISOString(),
      last_used_at: null,
      expires_at: null,
    });
    const rows = await server.database.db.selectFrom('api_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(4, 20));
    // Listed without the secret, ever after.
    const listed = await server.authed({ method: 'GET', url: '/api/v1/api-tokens' });
    expect(listed.body).not.toContain(created.token);
    expect(listed.json()).toEqual([
      {
        id: created.id,
        name: 'n8n morning pull',
        scope: 'read-only',
        created_at: created.created_at,
        last_used_at: null,
        expires_at: null,
      },
    ]);
  });

  it.each([
    [{ scope: 'read-only' }, /name/],
    [{ name: '   ', scope: 'read-only' }, /name must not be empty/],
    [{ name: 'x'.repeat(81), scope: 'read-only' }, /at most 80/],
    [{ name: 'a', scope: 'admin' }, /scope must be read-only or read-write/],
    [{ name: 'a', scope: 'read-only', expires_at: 'tomorrow' }, /expires_at must be an ISO 8601/],
    [
      { name: 'a', scope: 'read-only', expires_at: '2026-11-01T00:00:00Z' },
      /expires_at must be in the future/,
    ],
  ])('answers 400 with a clear error for %j', async (body, message) => {
    const res = await server.authed({ method: 'POST', url: '/api/v1/api-tokens', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(message);
    expect(await listTokens()).toEqual([]);
  });

  it('refuses a second live token with the same name, and more than the limit', async () => {
    await createToken({ name: 'Grafana', scope: 'read-only' });
    const again = await server.authed({
      method: 'POST',
      url: '/api/v1/api-tokens',
      payload: { name: 'grafana', scope: 'read-write' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'An API token named "grafana" already exists' });
    for (let i = 1; i < API_TOKENS_MAX; i += 1) {
      await createToken({ name: `script ${i}`, scope: 'read-only' });
    }
    const over = await server.authed({
      method: 'POST',
      url: '/api/v1/api-tokens',
      payload: { name: 'one more', scope: 'read-only' },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ error: string }>().error).toMatch(/revoke one/);
  });
});

describe('an API token on /api/v1', () => {
  it('reads like the session does, and a read-write token changes data', async () => {
    const reader = await createToken({ name: 'reader', scope: 'read-only' });
    const jobs = await withToken(reader.token, 'GET', '/api/v1/jobs');
    expect(jobs.statusCode).toBe(200);
    expect((await withToken(reader.token, 'GET', '/api/v1/queries')).statusCode).toBe(200);

    const writer = await createToken({ name: 'writer', scope: 'read-write' });
    const added = await withToken(
      writer.token,
      'POST',
      '/api/v1/notifications/channels',
      webhookChannel,
    );
    expect(added.statusCode).toBe(201);
  });

  it('read-only: 403 with a clear error on every route that changes data, and nothing changes', async () => {
    const { token } = await createToken({ name: 'reader', scope: 'read-only' });
    const changing = apiRoutes().filter(
      (r) =>
        r.method !== 'GET' &&
        !PUBLIC_API_ROUTES.has(`${r.method} ${r.path}`) &&
        !SESSION_ONLY_API_ROUTES.has(`${r.method} ${r.path}`),
    );
    // The walk must find the routes it is about (a broken filter would pass trivially).
    expect(changing.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /batches',
        'POST /queries',
        'PUT /queries/:id',
        'POST /companies/:id/ban',
        'DELETE /companies/:id/ban',
        'PATCH /jobs/:id',
        'POST /notifications/channels',
      ]),
    );
    for (const route of changing) {
      const res = await server.app.inject({
        method: route.method as 'POST',
        url: route.url,
        headers: { authorization: `Bearer ${token}` },
        payload: {},
      });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(res.json()).toEqual({ error: READ_ONLY_TOKEN_MESSAGE });
    }
    const batches = await server.authed({ method: 'GET', url: '/api/v1/batches' });
    expect(batches.json()).toEqual([]);
  });

  it('any scope: 403 on the session-only routes, which are all registered', async () => {
    const registered = new Set(apiRoutes().map((r) => `${r.method} ${r.path}`));
    for (const route of SESSION_ONLY_API_ROUTES) expect(registered).toContain(route);
    expect([...SESSION_ONLY_API_ROUTES]).toEqual(
      expect.arrayContaining([
        'GET /settings',
        'POST /settings',
        'POST /settings/cookies/check',
        'GET /backup',
        'POST /auth/logout',
        'GET /api-tokens',
        'POST /api-tokens',
        'DELETE /api-tokens/:id',
      ]),
    );
    await server.authed({
      method: 'POST',
      url: '/api/v1/settings',
      payload: { cookies: 'li_at=secret-cookie', script_time: '09:00' },
    });
    for (const scope of ['read-only', 'read-write']) {
      const { token, id } = await createToken({ name: scope, scope });
      for (const route of apiRoutes().filter((r) =>
        SESSION_ONLY_API_ROUTES.has(`${r.method} ${r.path}`),
      )) {
        const res = await server.app.inject({
          method: route.method as 'POST',
          url: route.url.replace('/api-tokens/1', `/api-tokens/${id}`),
          headers: { authorization: `Bearer ${token}` },
          ...(route.method === 'GET' ? {} : { payload: { name: 'x', scope: 'read-write' } }),
        });
        expect(res.statusCode, `${scope} ${route.method} ${route.path}`).toBe(403);
        expect(res.json()).toEqual({ error: SESSION_ONLY_MESSAGE });
        expect(res.body).not.toContain('secret-cookie');
      }
      // HEAD runs the GET handler: refused alike.
      const head = await server.app.inject({
        method: 'HEAD',
        url: '/api/v1/backup',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(head.statusCode).toBe(403);
    }
    // Nothing was made, revoked or saved by the attempts.
    expect((await listTokens()).map((t) => t.name).sort()).toEqual(['read-only', 'read-write']);
    const settings = await server.authed({ method: 'GET', url: '/api/v1/settings' });
    expect(settings.json()).toMatchObject({ cookies: 'li_at=secret-cookie' });
  });

  it('is no dashboard session: /auth/verify says not authenticated', async () => {
    const { token } = await createToken({ name: 'reader', scope: 'read-write' });
    const res = await withToken(token, 'GET', '/api/v1/auth/verify');
    expect(res.json()).toEqual({ authenticated: false });
  });

  it('401 for no token, an unknown one, and a malformed header', async () => {
    const { token } = await createToken({ name: 'reader', scope: 'read-only' });
    const unknown = `jst_${'A'.repeat(43)}`;
    for (const authorization of [undefined, `Bearer ${unknown}`, `Token ${token}`, token]) {
      const res = await server.app.inject({
        method: 'GET',
        url: '/api/v1/jobs',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: UNAUTHORIZED });
    }
  });

  it('is revoked at once, even just after a call put it in the verified-token cache', async () => {
    const { token, id } = await createToken({ name: 'reader', scope: 'read-only' });
    const other = await createToken({ name: 'other', scope: 'read-only' });
    expect((await withToken(token, 'GET', '/api/v1/jobs')).statusCode).toBe(200);
    const revoked = await server.authed({ method: 'DELETE', url: `/api/v1/api-tokens/${id}` });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ success: true });
    const after = await withToken(token, 'GET', '/api/v1/jobs');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: UNAUTHORIZED });
    expect((await withToken(other.token, 'GET', '/api/v1/jobs')).statusCode).toBe(200);
    expect((await listTokens()).map((t) => t.name)).toEqual(['other']);
    const twice = await server.authed({ method: 'DELETE', url: `/api/v1/api-tokens/${id}` });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ error: 'API token not found' });
    const bad = await server.authed({ method: 'DELETE', url: '/api/v1/api-tokens/abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('expires: 401 from its expiry on, cached or not, and is listed with its expiry', async () => {
    const expiresAt = new Date(server.ctx.now() + HOUR).toISOString();
    const { token } = await createToken({
      name: 'a day trip',
      scope: 'read-only',
      expires_at: expiresAt,
    });
    expect((await withToken(token, 'GET', '/api/v1/jobs')).statusCode).toBe(200);
    server.advance(HOUR - 1);
    expect((await withToken(token, 'GET', '/api/v1/jobs')).statusCode).toBe(200);
    server.advance(1);
    const expired = await withToken(token, 'GET', '/api/v1/jobs');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: UNAUTHORIZED });
    expect((await listTokens())[0]?.expires_at).toBe(expiresAt);
  });

  it('records its last use to the minute, with one write a minute at most', async () => {
    const { token } = await createToken({ name: 'reader', scope: 'read-only' });
    const lastUsed = async () => (await listTokens())[0]?.last_used_at;
    expect(await lastUsed()).toBeNull();
    const first = server.ctx.now();
    await withToken(token, 'GET', '/api/v1/jobs');
    expect(await lastUsed()).toBe(new Date(first).toISOString());
    server.advance(API_TOKEN_LAST_USED_GRANULARITY_MS - 1);
    await withToken(token, 'GET', '/api/v1/jobs');
    expect(await lastUsed()).toBe(new Date(first).toISOString());
    server.advance(1);
    await withToken(token, 'GET', '/api/v1/jobs');
    expect(await lastUsed()).toBe(
      new Date(first + API_TOKEN_LAST_USED_GRANULARITY_MS).toISOString(),
    );
  });

  it('survives a password change (only sessions are revoked then)', async () => {
    const { token } = await createToken({ name: 'reader', scope: 'read-only' });
    await setPassword(server.database.db, 'a new password entirely', server.ctx.now());
    expect((await withToken(token, 'GET', '/api/v1/jobs')).statusCode).toBe(200);
  });
});
