import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { ensurePassword } from '../auth/password';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { loggerOptions } from '../logger';
import { openDatabase, type OpenedDatabase } from '../../db/database';
import { bearerSession, TEST_PASSWORD } from '../test-harness';

// The second opinion's tests need what the shared harness does not give: the real clock (the
// worker's retries and the budget's day are read against it), shortened waits, the server's own
// logger writing into an array (to look for the key in every line), and the same data folder
// opened again after a close (the restart).

export interface OpinionServer {
  app: FastifyInstance;
  ctx: AppContext;
  database: OpenedDatabase;
  dataDir: string;
  /** Every log line the server wrote, as JSON text. */
  logs: string[];
  authed: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** Closes the server and its database; the folder is kept for `reopen`. */
  close: () => Promise<void>;
}

export interface OpinionServerOptions {
  /** The data folder of an earlier server (the restart); a fresh one by default. */
  dataDir?: string;
  linkedinBaseUrl?: string;
  secondOpinion?: BuildAppOptions['secondOpinion'];
  /** Shared by the servers a test opens, so that the lines of both are searched. */
  logs?: string[];
}

/** Short waits for tests: retries after 150 and 300 ms, a 2 s timeout. */
export const TEST_OPINION_TIMING = { retryDelaysMs: [150, 300], timeoutMs: 2_000 } as const;

export async function startOpinionServer(
  options: OpinionServerOptions = {},
): Promise<OpinionServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-llm-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: TEST_PASSWORD,
    SCRAPE_MIN_INTERVAL_MS: '0',
    LOG_LEVEL: 'debug',
    TZ: 'UTC',
    LINKEDIN_BASE_URL: options.linkedinBaseUrl ?? 'http://127.0.0.1:9',
  });
  const logs = options.logs ?? [];
  const base = loggerOptions(config);
  if (typeof base !== 'object') throw new Error('the server logs with pino options');
  const database = await openDatabase(config.dataDir);
  await ensurePassword(database.db, config.adminPassword, Date.now());
  const { app, ctx } = await buildApp({
    config,
    database,
    logger: { ...base, stream: { write: (line: string) => void logs.push(line) } },
    secondOpinion: options.secondOpinion ?? TEST_OPINION_TIMING,
  });
  await app.ready();
  return {
    app,
    ctx,
    database,
    dataDir,
    logs,
    authed: bearerSession(app).authed,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Polls `check` until it is true, or fails after `ms`. */
export async function waitFor(
  check: () => boolean,
  ms = 10_000,
  what = 'the condition',
): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
