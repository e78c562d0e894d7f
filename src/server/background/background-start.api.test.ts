import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../db/database';
import { buildApp, STARTUP_GRACE_MS } from '../app';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { SERVER_JOBS } from './server-jobs';

// `npm start`'s order (docs/decisions/058): the server listens and answers /healthz before any
// background job runs or the WAL's checkpoint thread starts; they start after the first answer,
// or STARTUP_GRACE_MS after listening when nobody asks.

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function listeningServer(): Promise<{
  url: string;
  ctx: AppContext;
  database: OpenedDatabase;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-background-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TZ: 'UTC',
    LINKEDIN_BASE_URL: 'http://127.0.0.1:9',
  });
  const database = await openDatabase(config.dataDir, undefined, {
    backgroundCheckpoints: 'when-started',
  });
  const { app, ctx } = await buildApp({ config, database, backgroundStart: 'answering' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  return { url: `http://127.0.0.1:${address.port}`, ctx, database };
}

const runsOf = (ctx: AppContext) =>
  Object.fromEntries(ctx.background.records().map((r) => [r.name, r.runs]));

describe('the background jobs of a listening server', () => {
  it('start once /healthz has answered, not before', async () => {
    const { url, ctx, database } = await listeningServer();
    // Listening, and nothing of the background has run.
    expect(ctx.background.started).toBe(false);
    expect(database.checkpointer?.running).toBe(false);
    expect(Object.values(runsOf(ctx))).toEqual([0, 0, 0, 0, 0, 0, 0]);

    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    await expect.poll(() => ctx.background.started).toBe(true);
    await expect
      .poll(() => runsOf(ctx))
      .toMatchObject({
        [SERVER_JOBS.outbox]: 1,
        [SERVER_JOBS.reminders]: 1,
        [SERVER_JOBS.noAnswer]: 1,
        [SERVER_JOBS.fitRescoring]: 1,
        // Its first check is the runner's start; its own runs come every minute.
        [SERVER_JOBS.dailySchedule]: 0,
      });
    expect(database.checkpointer?.running).toBe(true);
    expect(ctx.background.records().every((r) => r.lastError === null)).toBe(true);
  });

  it(`start ${STARTUP_GRACE_MS} ms after listening when nobody asks for /healthz`, async () => {
    const { ctx } = await listeningServer();
    await new Promise((resolve) => setTimeout(resolve, STARTUP_GRACE_MS / 2));
    expect(ctx.background.started).toBe(false);
    await expect.poll(() => ctx.background.started, { timeout: STARTUP_GRACE_MS * 2 }).toBe(true);
    await expect.poll(() => runsOf(ctx)[SERVER_JOBS.outbox]).toBe(1);
  });
});
