import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type RegisteredRoute } from './app';
import { ensurePassword } from './auth/password';
import { loadConfig, type Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type OpenedDatabase } from '../db/database';

export const TEST_PASSWORD = 'correct horse battery staple';

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every route the app registered. */
  routes: RegisteredRoute[];
  database: OpenedDatabase;
  config: Config;
  dataDir: string;
  /** Moves the server's clock forward. */
  advance: (ms: number) => void;
  /** Signs in and returns a bearer token. */
  signIn: () => Promise<string>;
  /** inject() with the bearer header of a fresh session. */
  authed: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

/**
 * Sign-in through the API, and inject() with the bearer header of the session it opened (signed
 * in on the first call): what every in-process test server gives its tests.
 */
export function bearerSession(app: FastifyInstance): {
  signIn: () => Promise<string>;
  authed: (options: InjectOptions) => Promise<LightMyRequestResponse>;
} {
  let token: string | undefined;
  const signIn = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { password: TEST_PASSWORD },
    });
    const body: unknown = res.json();
    if (
      typeof body !== 'object' ||
      body === null ||
      !('token' in body) ||
      typeof body.token !== 'string'
    ) {
      throw new Error(`sign-in failed in test harness: ${res.statusCode} ${res.body}`);
    }
    return body.token;
  };
  return {
    signIn,
    authed: async (options) => {
      token ??= await signIn();
      return app.inject({
        ...options,
        headers: { ...options.headers, authorization: `Bearer ${token}` },
      });
    },
  };
}

/** A real server on a fresh SQLite file in its own temporary folder, driven through inject(). */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: TEST_PASSWORD,
    SCRAPE_MIN_INTERVAL_MS: '0',
    LOG_LEVEL: 'silent',
    TZ: 'UTC',
    // Nothing listens on the discard port: a test that forgets to point the client at a simulator
    // fails at once instead of reaching the real site.
    LINKEDIN_BASE_URL: 'http://127.0.0.1:9',
    ...env,
  });
  let clock = Date.parse('2026-11-02T08:00:00Z');
  const now = () => clock;
  const database = await openDatabase(config.dataDir);
  await ensurePassword(database.db, config.adminPassword, now());
  const { app, ctx, routes } = await buildApp({ config, database, now });
  await app.ready();
  const { signIn, authed } = bearerSession(app);
  return {
    app,
    ctx,
    routes,
    database,
    config,
    dataDir,
    advance: (ms) => {
      clock += ms;
    },
    signIn,
    authed,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
