import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COOKIES_MAX_BYTES, DEFAULT_SCRIPT_TIME } from '../../contract';
import { buildApp } from '../app';
import { ensurePassword } from '../auth/password';
import { loadConfig } from '../config';
import { openDatabase } from '../../db/database';
import { loggerOptions } from '../logger';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../test-harness';
import { onSettingsChanged, type SettingsChange } from './settings-events';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const COOKIES = 'li_at=AQEDAsecretSessionValue42; JSESSIONID=ajax:123456';
const getSettings = () => server.authed({ method: 'GET', url: '/api/v1/settings' });
const postSettings = (payload: object) =>
  server.authed({ method: 'POST', url: '/api/v1/settings', payload });

describe('GET /settings', () => {
  it('answers empty cookies and the default script time before the first save', async () => {
    const res = await getSettings();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cookies: '', script_time: DEFAULT_SCRIPT_TIME });
    expect(DEFAULT_SCRIPT_TIME).toBe('09:00');
  });

  it('needs a session', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/settings' });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ error: string }>().error).toBeTruthy();
  });
});

describe('POST /settings', () => {
  it('stores the settings, answers them, and GET returns them afterwards', async () => {
    const res = await postSettings({ cookies: COOKIES, script_time: '23:59' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cookies: COOKIES, script_time: '23:59' });
    expect((await getSettings()).json()).toEqual({ cookies: COOKIES, script_time: '23:59' });

    // A second save replaces both values.
    await postSettings({ cookies: 'a=1', script_time: '00:00' });
    expect((await getSettings()).json()).toEqual({ cookies: 'a=1', script_time: '00:00' });
  });

  it('accepts empty cookies and cookies of exactly 64 KB', async () => {
    expect((await postSettings({ cookies: '', script_time: '09:00' })).statusCode).toBe(200);
    const big = 'x'.repeat(COOKIES_MAX_BYTES);
    const res = await postSettings({ cookies: big, script_time: '09:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ cookies: string }>().cookies).toHaveLength(COOKIES_MAX_BYTES);
  });

  it.each([
    ['24:00', /script_time/],
    ['9:00', /script_time/],
    ['09:60', /script_time/],
    ['0900', /script_time/],
    ['09:00 ', /script_time/],
    ['', /script_time/],
  ])('answers 400 naming script_time for "%s"', async (scriptTime, pattern) => {
    const res = await postSettings({ cookies: COOKIES, script_time: scriptTime });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(pattern);
  });

  it.each([
    ['a missing script_time', { cookies: COOKIES }, /script_time/],
    ['a numeric script_time', { cookies: COOKIES, script_time: 900 }, /script_time/],
    ['missing cookies', { script_time: '09:00' }, /cookies/],
    ['numeric cookies', { cookies: 42, script_time: '09:00' }, /cookies/],
    ['null cookies', { cookies: null, script_time: '09:00' }, /cookies/],
  ])('answers 400 for %s', async (_label, payload, pattern) => {
    const res = await postSettings(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(pattern);
  });

  it('answers 400 for cookies over 64 KB, counted in bytes, and keeps the old settings', async () => {
    await postSettings({ cookies: COOKIES, script_time: '10:00' });
    // 'é' is two bytes in UTF-8: half as many characters already exceed the limit by one byte.
    const tooBig = 'é'.repeat(COOKIES_MAX_BYTES / 2) + 'x';
    const res = await postSettings({ cookies: tooBig, script_time: '09:00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'cookies must be at most 64 KB' });
    expect((await getSettings()).json()).toEqual({ cookies: COOKIES, script_time: '10:00' });
  });

  it('answers 400 for a body that is not JSON or not an object', async () => {
    const bad = await server.authed({
      method: 'POST',
      url: '/api/v1/settings',
      headers: { 'content-type': 'application/json' },
      payload: '{"cookies":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBeTruthy();
    const array = await postSettings([1, 2]);
    expect(array.statusCode).toBe(400);
    expect(array.json<{ error: string }>().error).toBeTruthy();
  });

  it('needs a session', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/settings',
      payload: { cookies: COOKIES, script_time: '09:00' },
    });
    expect(res.statusCode).toBe(401);
    expect((await getSettings()).json<{ cookies: string }>().cookies).toBe('');
  });

  it('tells listeners what changed, and stops when they unsubscribe', async () => {
    const changes: SettingsChange[] = [];
    const stop = onSettingsChanged(server.ctx, (change) => changes.push(change));
    await postSettings({ cookies: COOKIES, script_time: '07:30' });
    expect(changes).toEqual([
      {
        previous: { cookies: '', script_time: DEFAULT_SCRIPT_TIME },
        current: { cookies: COOKIES, script_time: '07:30' },
      },
    ]);
    expect((await postSettings({ cookies: COOKIES, script_time: '09:00' })).statusCode).toBe(200);
    stop();
    await postSettings({ cookies: COOKIES, script_time: '08:00' });
    expect(changes).toHaveLength(2);
  });

  it('still saves when a listener throws', async () => {
    onSettingsChanged(server.ctx, () => {
      throw new Error('scheduler is broken');
    });
    const res = await postSettings({ cookies: COOKIES, script_time: '06:00' });
    expect(res.statusCode).toBe(200);
    expect((await getSettings()).json()).toEqual({ cookies: COOKIES, script_time: '06:00' });
  });

  it('does not tell listeners about a rejected save', async () => {
    const changes: SettingsChange[] = [];
    onSettingsChanged(server.ctx, (change) => changes.push(change));
    await postSettings({ cookies: COOKIES, script_time: '25:00' });
    expect(changes).toEqual([]);
  });
});

describe('cookies in logs', () => {
  it('never writes the cookies to the log, on success, on GET, or on a rejected save', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-settings-log-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: TEST_PASSWORD,
      LOG_LEVEL: 'debug',
      TZ: 'UTC',
    });
    const database = await openDatabase(config.dataDir);
    let logged = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const options = loggerOptions(config);
    const { app } = await buildApp({
      config,
      database,
      logger: typeof options === 'object' && options !== null ? { ...options, stream } : { stream },
    });
    try {
      await ensurePassword(database.db, config.adminPassword, Date.now());
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { password: TEST_PASSWORD },
      });
      const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
      const ok = await app.inject({
        method: 'POST',
        url: '/api/v1/settings',
        headers,
        payload: { cookies: COOKIES, script_time: '09:00' },
      });
      expect(ok.statusCode).toBe(200);
      await app.inject({ method: 'GET', url: '/api/v1/settings', headers });
      const bad = await app.inject({
        method: 'POST',
        url: '/api/v1/settings',
        headers,
        payload: { cookies: COOKIES, script_time: 'soon' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).not.toContain('AQEDAsecretSessionValue42');
      // The log did record the requests, so the check below is not vacuous.
      expect(logged).toContain('/api/v1/settings');
      expect(logged).toContain('settings saved');
      expect(logged).not.toContain('AQEDAsecretSessionValue42');
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
