import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { ensurePassword } from './auth/password';
import { loadConfig } from './config';
import { openDatabase, type OpenedDatabase } from './db/database';
import { loggerOptions } from './logger';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function serverWithCapturedLog(env: Record<string, string> = {}): Promise<{
  inject: FastifyInstance['inject'];
  lines: () => Record<string, unknown>[];
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
      url: '/api/v1/queries?x=1',
      headers: { authorization: `Bearer ${token}` },
    });
    const access = server.lines().filter((l) => l.msg === 'request completed');
    expect(access).toHaveLength(2);
    expect(access[1]).toMatchObject({
      req: { method: 'GET', url: '/api/v1/queries?x=1' },
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
      url: '/api/v1/jobs?access_token=jst_[redacted]',
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
