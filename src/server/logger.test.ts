import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { parseSetCookie } from 'cookie';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { DEVICE_COOKIE_NAME } from './auth/device-cookie';
import { ensurePassword } from './auth/password';
import { loadConfig } from './config';
import { openDatabase, type OpenedDatabase } from '../db/database';
import { loggerOptions } from './logger';
import { readSetting, SETTING_KEYS } from '../db/settings';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function serverWithCapturedLog(env: Record<string, string> = {}): Promise<{
  inject: FastifyInstance['inject'];
  lines: () => Record<string, unknown>[];
  database: OpenedDatabase;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-log-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'log test password',
    LINKEDIN_BASE_URL: 'http://127.0.0.1:9',
    TZ: 'UTC',
    ...env,
  });
  const database: OpenedDatabase = await openDatabase(dataDir);
  await ensurePassword(database.db, config.adminPassword, Date.now());
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  const base = loggerOptions(config);
  const { app } = await buildApp({
    config,
    database,
    logger: typeof base === 'object' ? { ...base, stream } : base,
  });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    database,
    inject: app.inject.bind(app),
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line): Record<string, unknown> => {
          const parsed: unknown = JSON.parse(line);
          return typeof parsed === 'object' && parsed !== null
            ? Object.fromEntries(Object.entries(parsed))
            : {};
        }),
  };
}

describe('the access log', () => {
  it('writes one line per request with method, path and status, and never the token or password', async () => {
    const server = await serverWithCapturedLog();
    const login = await server.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { password: 'log test password' },
    });
    const token = login.json<{ token: string }>().token;
    await server.inject({
      method: 'GET',
      url: '/api/v1/queries?x=1&limit=5',
      headers: { authorization: `Bearer ${token}` },
    });
    const access = server.lines().filter((l) => l.msg === 'request completed');
    expect(access).toHaveLength(2);
    expect(access[1]).toMatchObject({
      req: { method: 'GET', url: '/api/v1/queries?x=[redacted]&limit=5' },
      res: { statusCode: 200 },
    });
    expect(server.lines().some((l) => l.msg === 'incoming request')).toBe(false);
    const everything = JSON.stringify(server.lines());
    expect(everything).not.toContain(token);
    expect(everything).not.toContain('log test password');
  });
});

describe('API tokens in the log', () => {
  it('never writes an API token, whether it is made, used, refused or revoked', async () => {
    const server = await serverWithCapturedLog();
    const login = await server.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { password: 'log test password' },
    });
    const session = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const created = await server.inject({
      method: 'POST',
      url: '/api/v1/api-tokens',
      headers: session,
      payload: { name: 'log check', scope: 'read-only' },
    });
    const { id, token } = created.json<{ id: number; token: string }>();
    const bearer = { authorization: `Bearer ${token}` };
    await server.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer });
    await server.inject({ method: 'POST', url: '/api/v1/batches', headers: bearer });
    await server.inject({ method: 'GET', url: '/api/v1/settings', headers: bearer });
    await server.inject({ method: 'DELETE', url: `/api/v1/api-tokens/${id}`, headers: session });
    await server.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer });
    // A token put in the address by mistake: refused, and masked in the access line.
    await server.inject({ method: 'GET', url: `/api/v1/jobs?access_token=${token}` });
    const access = server.lines().filter((l) => l.msg === 'request completed');
    expect(access.map((l) => l.res)).toEqual([
      { statusCode: 200 },
      { statusCode: 201 },
      { statusCode: 200 },
      { statusCode: 403 },
      { statusCode: 403 },
      { statusCode: 200 },
      { statusCode: 401 },
      { statusCode: 401 },
    ]);
    expect(access.at(-1)?.req).toEqual({
      method: 'GET',
      url: '/api/v1/jobs?access_token=[redacted]',
    });
    const everything = JSON.stringify(server.lines());
    // Not even a part of it: the random part's first and last 12 characters.
    const secret = token.slice(4);
    expect(everything).not.toContain(secret.slice(0, 12));
    expect(everything).not.toContain(secret.slice(-12));
    expect(server.lines().some((l) => l.msg === 'API token created')).toBe(true);
  });
});

describe('the metrics token in the log', () => {
  it('is never written, whether it is right, wrong or cut short', async () => {
    const metricsToken = 'log-test-metrics-token-0123456789';
    const server = await serverWithCapturedLog({ METRICS_TOKEN: metricsToken });
    for (const sent of [metricsToken, `${metricsToken}-wrong`, metricsToken.slice(0, 20)]) {
      await server.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${sent}` },
      });
    }
    const access = server.lines().filter((l) => l.msg === 'request completed');
    expect(access.map((l) => l.res)).toEqual([
      { statusCode: 200 },
      { statusCode: 401 },
      { statusCode: 401 },
    ]);
    const everything = JSON.stringify(server.lines());
    expect(everything).not.toContain(metricsToken.slice(0, 12));
    expect(everything).not.toContain(metricsToken.slice(-12));
  });
});

describe('secrets in an address', () => {
  it('writes the method, the path, the query keys and the status, never a secret sent in the URL', async () => {
    const metricsToken = 'url-test-metrics-token-9876543210';
    const server = await serverWithCapturedLog({ METRICS_TOKEN: metricsToken });
    const login = await server.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { password: 'log test password' },
    });
    const session = login.json<{ token: string }>().token;
    const created = await server.inject({
      method: 'POST',
      url: '/api/v1/api-tokens',
      headers: { authorization: `Bearer ${session}` },
      payload: { name: 'url check', scope: 'read-only' },
    });
    const apiToken = created.json<{ token: string }>().token;
    const percentApiToken = apiToken.replace('_', '%5F');
    const everyCharEncoded = [...apiToken]
      .map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .join('');
    const password = 'log test password';

    const calls: [string, string][] = [
      ['GET', `/metrics?token=${metricsToken}`],
      ...['access_token', 'token', 'api_key', 'apikey', 'key', 'auth', 'session', 'secret'].map(
        (key): [string, string] => ['GET', `/api/v1/jobs?${key}=${session}`],
      ),
      ['GET', `/api/v1/jobs?limit=5&access_token=${session}&sort=newest`],
      ['POST', `/api/v1/auth/login?password=${encodeURIComponent(password)}`],
      ['POST', `/api/v1/auth/login?password=${password.replaceAll(' ', '+')}`],
      ['GET', `/api/v1/jobs/${session}`],
      ['GET', `/api/v1/${session}/jobs`],
      ['GET', `/${session}`],
      ['GET', `/api/v1/jobs/${percentApiToken}`],
      ['GET', `/api/v1/jobs?token=${percentApiToken}`],
      ['GET', `/api/v1/jobs?${percentApiToken}`],
      ['GET', `/api/v1/jobs?limit=${percentApiToken}`],
      ['GET', `/api/v1/jobs/${everyCharEncoded}`],
      ['GET', `/api/v1/jobs?cursor=${session}`],
    ];
    for (const [method, url] of calls) {
      await server.inject({
        method: method === 'POST' ? 'POST' : 'GET',
        url,
        ...(method === 'POST' ? { payload: { password: 'not it' } } : {}),
      });
    }
    const access = server.lines().filter((l) => l.msg === 'request completed');
    const sent = access.slice(-calls.length);
    expect(sent.map((l) => l.req)).toEqual([
      { method: 'GET', url: '/metrics?token=[redacted]' },
      ...['access_token', 'token', 'api_key', 'apikey', 'key', 'auth', 'session', 'secret'].map(
        (key) => ({ method: 'GET', url: `/api/v1/jobs?${key}=[redacted]` }),
      ),
      { method: 'GET', url: '/api/v1/jobs?limit=5&access_token=[redacted]&sort=newest' },
      { method: 'POST', url: '/api/v1/auth/login?password=[redacted]' },
      { method: 'POST', url: '/api/v1/auth/login?password=[redacted]' },
      { method: 'GET', url: '/api/v1/jobs/[redacted]' },
      { method: 'GET', url: '/api/v1/[redacted]/jobs' },
      { method: 'GET', url: '/[redacted]' },
      { method: 'GET', url: '/api/v1/jobs/[redacted]' },
      { method: 'GET', url: '/api/v1/jobs?token=[redacted]' },
      { method: 'GET', url: '/api/v1/jobs?[redacted]' },
      { method: 'GET', url: '/api/v1/jobs?limit=[redacted]' },
      { method: 'GET', url: '/api/v1/jobs/[redacted]' },
      { method: 'GET', url: '/api/v1/jobs?cursor=[redacted]' },
    ]);
    // Each line keeps its status and timing.
    for (const line of sent) {
      expect(line.res).toEqual({ statusCode: expect.any(Number) });
      expect(line.responseTime).toEqual(expect.any(Number));
    }
    const everything = JSON.stringify(server.lines());
    for (const secret of [metricsToken, session, apiToken.slice(4), password]) {
      expect(everything).not.toContain(secret.slice(0, 12));
      expect(everything).not.toContain(secret.slice(-12));
    }
    expect(everything).not.toContain('log+test');
    expect(everything).not.toContain(everyCharEncoded.slice(0, 24));
  });

  it("keeps the values of a few harmless keys, and the app's own paths as they are", async () => {
    const server = await serverWithCapturedLog();
    const login = await server.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { password: 'log test password' },
    });
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const cursor = Buffer.from(JSON.stringify({ s: 'newest', t: 1789000000000, id: 42 })).toString(
      'base64url',
    );
    const urls = [
      `/api/v1/jobs?limit=5&sort=newest&cursor=${cursor}&q=remote%20rust`,
      '/api/v1/jobs?state=new,applied&dry_run=true',
      '/api/v1/jobs/4012345678',
      '/api/v1/notification-channels',
      '/assets/lazy-confirm-dialog-Bxq1_z9K.js',
    ];
    for (const url of urls) await server.inject({ method: 'GET', url, headers });
    const access = server.lines().filter((l) => l.msg === 'request completed');
    expect(access.slice(-urls.length).map((l) => l.req)).toEqual([
      {
        method: 'GET',
        url: `/api/v1/jobs?limit=5&sort=newest&cursor=${cursor}&q=[redacted]`,
      },
      { method: 'GET', url: '/api/v1/jobs?state=new,applied&dry_run=true' },
      { method: 'GET', url: '/api/v1/jobs/4012345678' },
      { method: 'GET', url: '/api/v1/notification-channels' },
      { method: 'GET', url: '/assets/lazy-confirm-dialog-Bxq1_z9K.js' },
    ]);
  });
});

describe('the calendar feed token in the log (issue 33)', () => {
  it('is never written: not when made, read, refused, revoked, nor sent as a bearer token', async () => {
    const server = await serverWithCapturedLog();
    const login = await server.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { password: 'log test password' },
    });
    const session = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const created = await server.inject({
      method: 'POST',
      url: '/api/v1/calendar-feed',
      headers: session,
    });
    const feedUrl = created.json<{ url: string }>().url;
    const token = /\/calendar\/(jsc_[A-Za-z0-9_-]{43})\.ics$/.exec(feedUrl)?.[1] ?? '';
    expect(token).not.toBe('');
    const calls = [
      `/calendar/${token}.ics`,
      `/calendar/${token}.ics?x=1`,
      `/calendar/${token.replace('_', '%5F')}.ics`,
      // Another token: its last character changed (to B when it was A already).
      `/calendar/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}.ics`,
      `/calendar/${token}`,
    ];
    for (const url of calls) await server.inject({ method: 'GET', url });
    await server.inject({
      method: 'GET',
      url: '/api/v1/jobs',
      headers: { authorization: `Bearer ${token}` },
    });
    await server.inject({ method: 'DELETE', url: '/api/v1/calendar-feed', headers: session });
    await server.inject({ method: 'GET', url: `/calendar/${token}.ics` });
    const access = server.lines().filter((l) => l.msg === 'request completed');
    expect(access.slice(-8).map((l) => [l.req, l.res])).toEqual([
      [{ method: 'GET', url: '/calendar/[redacted]' }, { statusCode: 200 }],
      [{ method: 'GET', url: '/calendar/[redacted]?x=[redacted]' }, { statusCode: 200 }],
      [{ method: 'GET', url: '/calendar/[redacted]' }, { statusCode: 200 }],
      [{ method: 'GET', url: '/calendar/[redacted]' }, { statusCode: 404 }],
      [{ method: 'GET', url: '/calendar/[redacted]' }, { statusCode: 404 }],
      [{ method: 'GET', url: '/api/v1/jobs' }, { statusCode: 401 }],
      [{ method: 'DELETE', url: '/api/v1/calendar-feed' }, { statusCode: 200 }],
      [{ method: 'GET', url: '/calendar/[redacted]' }, { statusCode: 404 }],
    ]);
    expect(server.lines().some((l) => l.msg === 'calendar feed created')).toBe(true);
    // Addresses the router refuses before any route: a segment too long, a bad escape.
    for (const url of [`/calendar/${token}${'x'.repeat(200)}.ics`, `/calendar/${token}%E0%A4%A`])
      expect((await server.inject({ method: 'GET', url })).body).not.toContain(token);
    const everything = JSON.stringify(server.lines());
    const secret = token.slice(4);
    expect(everything).not.toContain(secret.slice(0, 12));
    expect(everything).not.toContain(secret.slice(-12));
  });
});

describe('the device cookie in the log', () => {
  it('is never written, nor the key that signs it, whether set, sent back or forged', async () => {
    const server = await serverWithCapturedLog({ LOG_LEVEL: 'debug' });
    const signIn = (cookie?: string, password = 'log test password') =>
      server.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { password },
        headers: cookie === undefined ? {} : { cookie },
      });
    const first = await signIn();
    const set = parseSetCookie([first.headers['set-cookie'] ?? []].flat().join('\n'));
    expect(set.name).toBe(DEVICE_COOKIE_NAME);
    const value = set.value ?? '';
    const cookie = `${DEVICE_COOKIE_NAME}=${value}`;
    await signIn(cookie);
    await signIn(cookie, 'a wrong password');
    await signIn(`${cookie}x`);
    const secret = await readSetting(server.database.db, SETTING_KEYS.deviceCookieSecret);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const lines = server.lines();
    expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(4);
    const everything = JSON.stringify(lines);
    // The device id, the MAC, and the key: none of them, whole or in part.
    for (const part of [...value.split('.'), secret ?? '']) {
      if (part.length < 16) continue;
      expect(everything).not.toContain(part.slice(0, 12));
      expect(everything).not.toContain(part.slice(-12));
    }
  });
});
