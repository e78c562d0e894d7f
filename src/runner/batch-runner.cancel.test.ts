import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqliteFile, type SqliteFile } from '../db/sqlite-file';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator';
import { openDatabase } from '../db/database';
import { CANCELLED_BY_OPERATOR } from './batch-runner';
import { BatchStore } from './batch-store';
import {
  BERLIN,
  LONDON,
  PARIS,
  seedQueries,
  startRunnerFixture,
  type RunnerFixture,
} from './runner-test-kit';

// Cancelling a batch (issue 12): the runner stops after its request in flight, keeps what it
// stored, fails the runs it had not started, and ends the batch failed with one reason, whether
// it runs here or in another process that only shares the database file.

const GUEST_SEARCH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';
const DETAILS = '/jobs-guest/jobs/api/jobPosting/';
const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'run-batch-process.ts');
const QUERIES = [
  { jobTitle: 'python developer', ...BERLIN },
  { jobTitle: 'data engineer', ...PARIS },
  { jobTitle: 'product designer', ...LONDON },
];

const batchRow = z.object({
  id: z.number(),
  status: z.string(),
  error: z.string().nullable(),
  finished_at: z.number().nullable(),
  cancel_requested_at: z.number().nullable(),
});
const runRow = z.object({
  query_id: z.number(),
  status: z.string(),
  error: z.string().nullable(),
  pages_fetched: z.number(),
  jobs_found: z.number(),
  start_time: z.number().nullable(),
  end_time: z.number().nullable(),
});
const count = z.object({ n: z.number() });

function read(sqlite: SqliteFile) {
  return {
    batch: (id: number) =>
      batchRow.parse(sqlite.prepare('SELECT * FROM batches WHERE id = ?').get(id)),
    runs: (id: number) =>
      sqlite
        .prepare('SELECT * FROM query_runs WHERE batch_id = ? ORDER BY id')
        .all(id)
        .map((r) => runRow.parse(r)),
    jobs: () => count.parse(sqlite.prepare('SELECT COUNT(*) AS n FROM jobs').get()).n,
    links: () => count.parse(sqlite.prepare('SELECT COUNT(*) AS n FROM query_run_jobs').get()).n,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator({ jobsPerQuery: 40 });
});
afterAll(async () => {
  await simulator.close();
});

describe('cancelling a batch this runner drives', () => {
  let fx: RunnerFixture;
  beforeEach(async () => {
    simulator.reset();
    fx = await startRunnerFixture(simulator.url);
    seedQueries(fx.database, QUERIES);
  });
  afterEach(async () => {
    await fx.close();
  });

  it('stops after the request in flight, keeps its page, and fails the runs not started', async () => {
    // Slow searches: the cancel lands while the first run's second page is being answered.
    simulator.faults.latency(150, { pathPrefix: GUEST_SEARCH });
    const started = await fx.runner.start('manual');
    if (!started.claimed) throw new Error('batch not started');
    const id = started.batch.id;
    const db = read(fx.database.sqlite);
    await until(() => (db.runs(id)[0]?.pages_fetched ?? 0) >= 1, 'the first page');
    const searches = () => simulator.requests.filter((r) => r.path === GUEST_SEARCH);
    await until(() => searches().some((r) => r.status === -1), 'a request in flight');
    const asked = searches().length;

    expect(await fx.runner.cancel(id)).toBe('requested');
    await fx.runner.idle();

    // Nothing was asked after the request in flight, and that request's page was stored.
    expect(searches()).toHaveLength(asked);
    expect(simulator.requests.filter((r) => r.path.startsWith(DETAILS))).toHaveLength(0);
    const batch = db.batch(id);
    expect(batch).toMatchObject({ status: 'failed', error: CANCELLED_BY_OPERATOR });
    expect(batch.finished_at).not.toBeNull();
    expect(batch.cancel_requested_at).not.toBeNull();
    const runs = db.runs(id);
    expect(runs.map((r) => r.query_id)).toEqual([1, 2, 3]);
    expect(runs[0]).toMatchObject({ status: 'completed', error: null, pages_fetched: asked });
    expect(runs[0]?.jobs_found).toBeGreaterThan(0);
    for (const run of runs.slice(1)) {
      expect(run).toMatchObject({
        status: 'failed',
        error: CANCELLED_BY_OPERATOR,
        pages_fetched: 0,
        start_time: null,
      });
      expect(run.end_time).not.toBeNull();
    }
    // Every job already stored stays, linked to its run.
    expect(db.jobs()).toBe(runs[0]?.jobs_found);
    expect(db.links()).toBe(runs[0]?.jobs_found);
    expect(fx.log.entries.filter((e) => e.level === 'error')).toEqual([]);
  });

  it('cancels while enriching: the runs stay completed, no failed run is added', async () => {
    simulator.faults.latency(100, { pathPrefix: DETAILS });
    const started = await fx.runner.start('manual');
    if (!started.claimed) throw new Error('batch not started');
    const id = started.batch.id;
    const db = read(fx.database.sqlite);
    await until(() => db.batch(id).status === 'enriching', 'enrichment');
    await until(
      () => simulator.requests.filter((r) => r.path.startsWith(DETAILS)).length >= 2,
      'a few details',
    );
    expect(await fx.runner.cancel(id)).toBe('requested');
    await fx.runner.idle();
    expect(db.batch(id)).toMatchObject({ status: 'failed', error: CANCELLED_BY_OPERATOR });
    expect(db.runs(id).map((r) => r.status)).toEqual(['completed', 'completed', 'completed']);
    const enriched = count.parse(
      fx.database.sqlite
        .prepare('SELECT COUNT(*) AS n FROM jobs WHERE details_fetched_at IS NOT NULL')
        .get(),
    ).n;
    expect(enriched).toBeGreaterThanOrEqual(1);
    expect(enriched).toBeLessThan(db.jobs());
  });

  it('cancels a request that outlasts the grace period instead of waiting for it', async () => {
    await fx.close();
    simulator.reset();
    fx = await startRunnerFixture(simulator.url, { stopGraceMs: 100 });
    seedQueries(fx.database, QUERIES);
    simulator.faults.latency(10_000, { pathPrefix: GUEST_SEARCH });
    const started = await fx.runner.start('manual');
    if (!started.claimed) throw new Error('batch not started');
    await until(() => simulator.requests.length >= 1, 'the first request');
    const at = Date.now();
    await fx.runner.cancel(started.batch.id);
    await fx.runner.idle();
    expect(Date.now() - at).toBeLessThan(3_000);
    const db = read(fx.database.sqlite);
    // The first run had stored nothing: it failed with the reason, as did the others.
    expect(db.runs(started.batch.id).map((r) => [r.status, r.error])).toEqual([
      ['failed', CANCELLED_BY_OPERATOR],
      ['failed', CANCELLED_BY_OPERATOR],
      ['failed', CANCELLED_BY_OPERATOR],
    ]);
    expect(db.batch(started.batch.id).status).toBe('failed');
  });

  it('answers ended for a finished batch and not-found for an unknown one', async () => {
    const started = await fx.runner.start('manual');
    if (!started.claimed) throw new Error('batch not started');
    await fx.runner.idle();
    const db = read(fx.database.sqlite);
    expect(db.batch(started.batch.id).status).toBe('completed');
    expect(await fx.runner.cancel(started.batch.id)).toBe('ended');
    expect(db.batch(started.batch.id)).toMatchObject({
      status: 'completed',
      cancel_requested_at: null,
    });
    expect(await fx.runner.cancel(999)).toBe('not-found');
  });

  it('lets a new batch start once the cancelled one has ended', async () => {
    simulator.faults.latency(100, { pathPrefix: GUEST_SEARCH });
    const first = await fx.runner.start('manual');
    if (!first.claimed) throw new Error('batch not started');
    await fx.runner.cancel(first.batch.id);
    await fx.runner.idle();
    simulator.faults.clear();
    const second = await fx.runner.start('manual');
    expect(second.claimed).toBe(true);
    await fx.runner.idle();
    if (second.claimed)
      expect(read(fx.database.sqlite).batch(second.batch.id).status).toBe('completed');
  });
});

describe('cancelling a batch another process drives', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function seededDir(): Promise<string> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-cancel-'));
    dirs.push(dir);
    const database = await openDatabase(dir);
    seedQueries(database, QUERIES);
    await database.close();
    return dir;
  }

  it('the runner in the child process sees the cancel in the database and ends the batch', async () => {
    simulator.reset();
    simulator.faults.latency(100, { pathPrefix: GUEST_SEARCH });
    const dir = await seededDir();
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
      env: { ...process.env, JOBSCOUT_DATA_DIR: dir, JOBSCOUT_SITE_URL: simulator.url },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit');

    // This process is "the API": it shares only the file with the runner.
    const sqlite = openSqliteFile(path.join(dir, 'jobscout.sqlite'));
    sqlite.pragma('busy_timeout = 5000');
    try {
      const db = read(sqlite);
      await until(() => {
        try {
          return (db.runs(1)[0]?.pages_fetched ?? 0) >= 1;
        } catch {
          return false; // the child may still be creating the batch
        }
      }, 'the child to store a page');
      expect(new BatchStore(sqlite).requestCancel(1, Date.now())).toBe('requested');
      const [code] = await exited;
      expect(code).toBe(0);
      expect(stderr).toBe('');
      expect(db.batch(1)).toMatchObject({ status: 'failed', error: CANCELLED_BY_OPERATOR });
      const runs = db.runs(1);
      expect(runs).toHaveLength(3);
      expect(runs[0]?.status).toBe('completed');
      expect(runs.slice(1).map((r) => r.error)).toEqual([
        CANCELLED_BY_OPERATOR,
        CANCELLED_BY_OPERATOR,
      ]);
      expect(db.jobs()).toBe(runs[0]?.jobs_found);
    } finally {
      sqlite.close();
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
