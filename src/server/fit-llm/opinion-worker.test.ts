import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fitProfileWriteSchema } from '../../contract/fit';
import { openDatabase, type OpenedDatabase } from '../../db/database';
import { FitProfiles } from '../../db/fit/fit-profiles';
import { OpinionUsage } from '../../db/fit/second-opinions';
import { startFakeLlmServer, type FakeLlmServer } from './fake-llm-server';
import { createSecondOpinionWorker, type SecondOpinionWorker } from './opinion-worker';
import { waitFor } from './opinion-test-kit';

// The worker against the day's budget on a moved clock (docs/decisions/067): with today's tokens
// spent nothing is sent, however often it looks; from the first instant of the next day in the
// server's zone (Berlin here, not UTC) the waiting item goes.

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const ZONE = 'Europe/Berlin';
/** 23:59 in Berlin on 2 November (22:59 UTC). */
const BEFORE_MIDNIGHT = Date.parse('2026-11-02T22:59:00Z');

let dir: string;
let database: OpenedDatabase;
let fake: FakeLlmServer;
let worker: SecondOpinionWorker;
let clock = BEFORE_MIDNIGHT;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-opinion-worker-'));
  database = await openDatabase(dir);
  fake = await startFakeLlmServer();
  clock = BEFORE_MIDNIGHT;
  const db = database.sqlite;
  const profile = new FitProfiles(db).create(fitProfileWriteSchema.parse({ name: 'Backend' }), 0);
  db.exec(`INSERT INTO batches (id, kind, status, started_at) VALUES (7, 'manual', 'completed', 0);
    INSERT INTO jobs (id, title, company_name, company_normalized, location, url,
      first_seen_batch_id, first_seen_at, fit_score, fit_profile_id)
      VALUES ('1', 'Backend Engineer', 'Acme', 'acme', 'Berlin', 'x', 7, 0, 80, ${profile.id});
    INSERT INTO job_descriptions (job_id, description) VALUES ('1', 'We build payments in Go.');
    INSERT INTO job_fits (job_id, profile_id, profile_version, score, dealbreaker, source, parts,
      scored_at) VALUES ('1', ${profile.id}, ${profile.version}, 80, 0, 'details', '[]', 0);`);
  db.prepare(`INSERT INTO settings (key, value) VALUES ('fit_llm', ?)`).run(
    JSON.stringify({
      base_url: fake.url,
      model: 'm',
      api_key: null,
      top_n: 1,
      daily_token_budget: 1_000,
      timeout_seconds: 5,
    }),
  );
  // Today's budget spent before the batch ends.
  new OpinionUsage(db).add('2026-11-02', 1_000, false);
  worker = createSecondOpinionWorker({
    connection: db,
    now: () => clock,
    log: silent,
    timeZone: ZONE,
    lookMs: 25,
  });
});
afterEach(async () => {
  await worker.close();
  await fake.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the second opinion worker', () => {
  it('sends nothing while today’s budget is spent, and the waiting job the next day', async () => {
    await database.connection.write(() =>
      worker.onBatchFinished({
        batchId: 7,
        status: 'completed',
        error: null,
        cookiesRejected: false,
        now: clock,
      }),
    );
    worker.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.requests).toHaveLength(0);
    // A minute later it is 00:00 in Berlin (still 2 November in UTC).
    clock += 60_000;
    await waitFor(() => fake.requests.length === 1, 5_000, 'the request on the next day');
    await waitFor(
      () => new OpinionUsage(database.sqlite).tokensOn('2026-11-03') > 0,
      5_000,
      'the tokens counted on the new day',
    );
  });

  it('queues nothing for a failed batch', async () => {
    await database.connection.write(() =>
      worker.onBatchFinished({
        batchId: 7,
        status: 'failed',
        error: 'boom',
        cookiesRejected: false,
        now: clock,
      }),
    );
    expect(database.sqlite.prepare('SELECT COUNT(*) FROM fit_opinion_queue').pluck().get()).toBe(0);
  });
});
