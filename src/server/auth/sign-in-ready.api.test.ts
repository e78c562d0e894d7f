import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { ensurePassword } from './password';

// `npm start` sets the password up (ADMIN_PASSWORD hashed or checked, sessions revoked on a
// change) while the server starts listening (decision 058): /healthz answers at once, and the API
// waits, so no sign-in or session is ever checked against the password being replaced.

const PASSWORD = 'a password long enough for the rule';
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('the API during the password setup at start', () => {
  it('waits for it, while /healthz answers', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-sign-in-ready-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: PASSWORD });
    const database = await openDatabase(config.dataDir);
    let setUp!: () => Promise<void>;
    const signInReady = new Promise<void>((resolve) => {
      setUp = async () => {
        await ensurePassword(database.db, config.adminPassword, Date.now());
        resolve();
      };
    });
    const { app } = await buildApp({ config, database, signInReady });
    closers.push(async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    await app.ready();

    let answered = false;
    const login = app
      .inject({ method: 'POST', url: '/api/v1/auth/login', payload: { password: PASSWORD } })
      .then((res) => {
        answered = true;
        return res;
      });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Without the wait it would have answered 401: no password was stored yet.
    expect(answered).toBe(false);

    await setUp();
    const res = await login;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token: expect.any(String) });
  });
});
