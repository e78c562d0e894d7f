import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteFile } from '../../db/sqlite-file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../simulator';
import { BERLIN, PARIS, seedQueries } from '../../runner/runner-test-kit';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../../db/database';

// The runner as the server wires it: closing the app stops the batch after its request in
// flight and leaves it resumable; the next server on the same data folder finishes it.

let simulator: Simulator;
let dataDir: string;
beforeAll(async () => {
  simulator = await startSimulator({ jobsPerQuery: 12, jobCount: 60, companyCount: 8 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-restart-'));
});
afterAll(async () => {
  await simulator.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startServer() {
  const config = loadConfig({
    DATA_DIR: dataDir,
    SCRAPE_MIN_INTERVAL_MS: '0',
    LOG_LEVEL: 'silent',
    TZ: 'UTC',
    LINKEDIN_BASE_URL: simulator.url,
  });
  const database = await openDatabase(config.dataDir);
  const { app, ctx } = await buildApp({ config, database });
  await app.ready();
  return {
    ctx,
    sqlite: database.sqlite,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe('a server restart in the middle of a batch', () => {
  it('stops resumably on close and finishes the batch on the next start', async () => {
    const first = await startServer();
    seedQueries(first, [
      { jobTitle: 'python developer', ...BERLIN },
      { jobTitle: 'data engineer', ...PARIS },
    ]);
    simulator.faults.latency(30);
    const started = await first.ctx.runner.runner.start('manual');
    if (!started.claimed) throw new Error('batch not started');
    const pages = first.sqlite
      .prepare('SELECT COALESCE(SUM(pages_fetched), 0) FROM query_runs')
      .pluck();
    while (Number(pages.get()) < 1) await new Promise((r) => setTimeout(r, 5));
    await first.close();
    const reader = openSqliteFile(path.join(dataDir, 'jobscout.sqlite'), { readonly: true });
    const left = reader
      .prepare(
        'SELECT b.status, r.status AS run, r.pages_fetched FROM batches b JOIN query_runs r ON r.batch_id = b.id',
      )
      .get();
    reader.close();
    // Left resumable: the batch and its first run still running, the page stored.
    expect(left).toMatchObject({ status: 'running', run: 'running' });

    simulator.faults.clear();
    const second = await startServer();
    try {
      const status = second.sqlite.prepare('SELECT status FROM batches WHERE id = ?').pluck();
      await second.ctx.runner.runner.idle();
      expect(status.get(started.batch.id)).toBe('completed');
      const runs = second.sqlite
        .prepare('SELECT status, jobs_found FROM query_runs ORDER BY id')
        .all();
      expect(runs).toEqual([
        { status: 'completed', jobs_found: 12 },
        { status: 'completed', jobs_found: 12 },
      ]);
    } finally {
      await second.close();
    }
  });
});
