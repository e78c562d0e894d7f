import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../simulator';
import {
  batchListSchema,
  batchWireSchema,
  queryRunListSchema,
  XLSX_MIME_TYPE,
} from '../../contract';
import { CANCELLED_BY_OPERATOR } from '../../runner';
import { BatchStore } from '../../runner/batch-store';
import { BERLIN, LONDON, PARIS, seedQueries } from '../../runner/runner-test-kit';
import { buildApp } from '../app';
import { ensurePassword } from '../auth/password';
import { loadConfig } from '../config';
import { openDatabase } from '../../db/database';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../test-harness';

// POST /batches/{id}/cancel (issue 12) on a real server and database, against a simulated
// site slowed down so that the cancel lands in the middle of the batch.

const GUEST_SEARCH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';
const QUERIES = [
  { jobTitle: 'python developer', ...BERLIN },
  { jobTitle: 'data engineer', ...PARIS },
  { jobTitle: 'product designer', ...LONDON },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

let simulator: Simulator;
beforeAll(async () => {
  // Few companies: the server's client spaces company-id lookups 200 ms apart.
  simulator = await startSimulator({ jobsPerQuery: 30, jobCount: 60, companyCount: 6 });
});
afterAll(async () => {
  await simulator.close();
});

describe('POST /batches/{id}/cancel', () => {
  let server: TestServer;
  beforeEach(async () => {
    simulator.reset();
    server = await startTestServer({ LINKEDIN_BASE_URL: simulator.url });
    seedQueries(server.database, QUERIES);
  });
  afterEach(async () => {
    await server.close();
  });

  const cancel = (id: number | string) =>
    server.authed({ method: 'POST', url: `/api/v1/batches/${id}/cancel` });
  const pagesStored = () =>
    Number(
      server.database.sqlite
        .prepare('SELECT COALESCE(SUM(pages_fetched), 0) FROM query_runs')
        .pluck()
        .get(),
    );

  it('accepts the cancel of a running batch, which then ends failed keeping its jobs', async () => {
    simulator.faults.latency(100, { pathPrefix: GUEST_SEARCH });
    const start = await server.authed({ method: 'POST', url: '/api/v1/batches' });
    const id = start.json<{ id: number }>().id;
    await until(() => pagesStored() >= 1, 'a stored page');

    const res = await cancel(id);
    expect(res.statusCode).toBe(202);
    const accepted = batchWireSchema.parse(res.json());
    expect(accepted).toMatchObject({ id, status: 'running', cancel_requested: true });

    await server.ctx.runner.runner.idle();
    const [batch] = batchListSchema.parse(
      (await server.authed({ method: 'GET', url: '/api/v1/batches' })).json(),
    );
    expect(batch).toMatchObject({
      id,
      status: 'failed',
      error: CANCELLED_BY_OPERATOR,
      cancel_requested: true,
    });
    expect(batch?.finished_at).not.toBeNull();

    const runs = queryRunListSchema.parse(
      (await server.authed({ method: 'GET', url: '/api/v1/query-runs' })).json(),
    );
    // Newest first: the two runs the cancel left out, then the one it interrupted.
    expect(runs.map((r) => [r.job_title, r.status, r.error])).toEqual([
      ['product designer', 'failed', CANCELLED_BY_OPERATOR],
      ['data engineer', 'failed', CANCELLED_BY_OPERATOR],
      ['python developer', 'completed', null],
    ]);
    const interrupted = runs[2];
    if (!interrupted) throw new Error('no interrupted run');
    expect(interrupted.jobs_found).toBeGreaterThan(0);

    // Its jobs can be exported from the run; the failed batch itself offers no export.
    const runExport = await server.authed({
      method: 'GET',
      url: `/api/v1/query-runs/${interrupted.id}/export`,
    });
    expect(runExport.statusCode).toBe(200);
    expect(runExport.headers['content-type']).toContain(XLSX_MIME_TYPE);
    const batchExport = await server.authed({
      method: 'GET',
      url: `/api/v1/batches/${id}/export?format=xlsx`,
    });
    expect(batchExport.statusCode).toBe(409);

    // Cancelling again: the batch has ended.
    const again = await cancel(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: `Batch ${id} has already ended (failed): nothing to cancel`,
    });
    // And a new batch can start.
    simulator.faults.clear();
    expect((await server.authed({ method: 'POST', url: '/api/v1/batches' })).statusCode).toBe(201);
    await server.ctx.runner.runner.idle();
  });

  it('answers 409 for a completed batch and leaves it as it was', async () => {
    const start = await server.authed({ method: 'POST', url: '/api/v1/batches' });
    const id = start.json<{ id: number }>().id;
    await server.ctx.runner.runner.idle();
    const res = await cancel(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: `Batch ${id} has already ended (completed): nothing to cancel`,
    });
    const [batch] = batchListSchema.parse(
      (await server.authed({ method: 'GET', url: '/api/v1/batches' })).json(),
    );
    expect(batch).toMatchObject({ status: 'completed', error: null, cancel_requested: false });
  });

  it('answers 404 for an unknown batch and 400 for an id that is not one', async () => {
    const unknown = await cancel(42);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Batch 42 not found' });
    for (const bad of ['abc', '0', '-1', '1.5']) {
      const res = await cancel(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/id/);
    }
  });

  it('needs a session', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/v1/batches/1/cancel' });
    expect(res.statusCode).toBe(401);
  });
});

describe('cancel across a restart', () => {
  let dataDir: string;
  beforeEach(() => {
    simulator.reset();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-cancel-restart-'));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function startServer() {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: TEST_PASSWORD,
      SCRAPE_MIN_INTERVAL_MS: '0',
      LOG_LEVEL: 'silent',
      TZ: 'UTC',
      LINKEDIN_BASE_URL: simulator.url,
    });
    const database = await openDatabase(config.dataDir);
    await ensurePassword(database.db, config.adminPassword, Date.now());
    const { app, ctx } = await buildApp({ config, database });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { password: TEST_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    return {
      ctx,
      sqlite: database.sqlite,
      cancel: (id: number) =>
        app.inject({ method: 'POST', url: `/api/v1/batches/${id}/cancel`, headers }),
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  }

  /** A server that is closed in the middle of a batch, leaving it running in the file. */
  async function interruptedBatch(): Promise<number> {
    const first = await startServer();
    seedQueries(first, QUERIES);
    simulator.faults.latency(50, { pathPrefix: GUEST_SEARCH });
    const started = await first.ctx.runner.runner.start('manual');
    if (!started.claimed) throw new Error('batch not started');
    const pages = first.sqlite.prepare('SELECT COALESCE(SUM(pages_fetched), 0) FROM query_runs');
    while (Number(pages.pluck().get()) < 1) await sleep(5);
    await first.close();
    simulator.faults.clear();
    return started.batch.id;
  }

  it('cancels the batch the server resumed after a restart', async () => {
    const id = await interruptedBatch();
    simulator.faults.latency(50, { pathPrefix: GUEST_SEARCH });
    const second = await startServer();
    try {
      expect(second.ctx.runner.runner.busy).toBe(true);
      const res = await second.cancel(id);
      expect(res.statusCode).toBe(202);
      await second.ctx.runner.runner.idle();
      const status = second.sqlite.prepare('SELECT status, error FROM batches WHERE id = ?');
      expect(status.get(id)).toEqual({ status: 'failed', error: CANCELLED_BY_OPERATOR });
    } finally {
      await second.close();
    }
  });

  it('ends a batch cancelled while no server ran it as soon as one starts, asking the site nothing', async () => {
    const id = await interruptedBatch();
    // Recorded while the server is down (as another process on the file would).
    const { database } = { database: await openDatabase(dataDir) };
    expect(new BatchStore(database.sqlite).requestCancel(id, Date.now())).toBe('requested');
    await database.close();

    const mark = simulator.requests.length;
    const second = await startServer();
    try {
      await second.ctx.runner.runner.idle();
      expect(simulator.requests.length).toBe(mark);
      const status = second.sqlite.prepare('SELECT status, error FROM batches WHERE id = ?');
      expect(status.get(id)).toEqual({ status: 'failed', error: CANCELLED_BY_OPERATOR });
      const runs = second.sqlite
        .prepare('SELECT status, error FROM query_runs WHERE batch_id = ? ORDER BY id')
        .all(id);
      expect(runs).toEqual([
        { status: 'completed', error: null },
        { status: 'failed', error: CANCELLED_BY_OPERATOR },
        { status: 'failed', error: CANCELLED_BY_OPERATOR },
      ]);
    } finally {
      await second.close();
    }
  });
});
