import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../database';
import { OpinionQueue, OpinionUsage, SecondOpinions } from './second-opinions';

// The second opinion's statements (migration 0026, docs/decisions/067) on a real database: which
// of a batch's jobs are queued and in what order, a claim's lease (a killed process's item is
// taken again once it runs out, not before), retries, giving up and another round, the answers'
// newest version per profile, and the tokens per day.

let dir: string;
let database: OpenedDatabase;
let queue: OpinionQueue;
const T = 1_000_000;

/** Jobs of batch 7 with their fit (null: none) against profile 1 at version 2, and a state. */
function seed(jobs: Array<{ id: string; fit: number | null; state?: string; batch?: number }>) {
  const db = database.sqlite;
  const job = db.prepare(`INSERT INTO jobs (id, title, company_name, company_normalized, location,
      url, first_seen_batch_id, first_seen_at, fit_score, fit_profile_id, state)
      VALUES (?, ?, 'Acme', 'acme', 'Berlin', 'x', ?, ?, ?, ?, ?)`);
  const fit = db.prepare(`INSERT INTO job_fits (job_id, profile_id, profile_version, score,
      dealbreaker, source, parts, scored_at) VALUES (?, 1, 2, ?, 0, 'details', '[]', 1)`);
  jobs.forEach((j, i) => {
    job.run(
      j.id,
      `Job ${j.id}`,
      j.batch ?? 7,
      i,
      j.fit,
      j.fit === null ? null : 1,
      j.state ?? 'new',
    );
    if (j.fit !== null) fit.run(j.id, j.fit);
  });
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-opinions-'));
  database = await openDatabase(dir);
  database.sqlite.exec(`
    INSERT INTO batches (id, kind, status, started_at) VALUES (7, 'manual', 'completed', 0);
    INSERT INTO batches (id, kind, status, started_at) VALUES (8, 'manual', 'completed', 0);
    INSERT INTO fit_profiles (id, name, name_key, is_default, version, body, created_at, updated_at)
      VALUES (1, 'Backend', 'backend', 1, 2, '{}', 0, 0);`);
  queue = new OpinionQueue(database.sqlite);
});
afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const queued = () =>
  database.sqlite.prepare('SELECT job_id FROM fit_opinion_queue ORDER BY id').pluck().all();

describe('OpinionQueue', () => {
  it('queues the batch’s best new jobs with a fit, not hidden, not answered for that version', () => {
    seed([
      { id: '1', fit: 55 },
      { id: '2', fit: 91 },
      { id: '3', fit: null },
      { id: '4', fit: 99, state: 'hidden' },
      { id: '5', fit: 70 },
      { id: '6', fit: 98, batch: 8 },
      { id: '7', fit: 80 },
    ]);
    new SecondOpinions(database.sqlite).save({
      jobId: '7',
      profileId: 1,
      profileVersion: 2,
      score: 50,
      verdict: 'v',
      strengths: [],
      gaps: [],
      droppedQuotes: 0,
      model: 'm',
      tokens: 1,
      at: 1,
    });
    expect(queue.enqueueTopOfBatch(7, 2, T)).toBe(2);
    expect(queued()).toEqual(['2', '5']);
    // Again: the same jobs are not queued twice; the next ones are.
    expect(queue.enqueueTopOfBatch(7, 3, T)).toBe(1);
    expect(queued()).toEqual(['2', '5', '1']);
    expect(queue.enqueueTopOfBatch(7, 0, T)).toBe(0);
  });

  it('holds a claim for its lease: a killed process’s item is taken again once it runs out', () => {
    seed([{ id: '1', fit: 60 }]);
    queue.enqueueTopOfBatch(7, 1, T);
    const first = queue.claim(T, T + 1_000);
    expect(first).toMatchObject({ job_id: '1', profile_id: 1, profile_version: 2, attempts: 0 });
    expect(queue.claim(T + 999, T + 2_000)).toBeUndefined();
    expect(queue.nextDueAt()).toBe(T + 1_000);
    expect(queue.claim(T + 1_000, T + 3_000)?.job_id).toBe('1');
  });

  it('retries when due, gives up, and gives the given-up another round', () => {
    seed([{ id: '1', fit: 60 }]);
    queue.enqueueTopOfBatch(7, 1, T);
    const item = queue.claim(T, T + 1_000);
    if (!item) throw new Error('nothing claimed');
    queue.retry(item.id, T + 500, 'HTTP 500: ***');
    expect(queue.claim(T + 499, T + 1_000)).toBeUndefined();
    expect(queue.claim(T + 500, T + 1_000)).toMatchObject({ attempts: 1 });
    queue.fail(item.id, 'HTTP 401: no', T + 600);
    expect(queue.counts()).toEqual({ pending: 0, failed: 1 });
    expect(queue.lastError()).toBe('HTTP 401: no');
    expect(queue.claim(T + 10_000, T + 11_000)).toBeUndefined();
    expect(queue.retryFailed(T + 700)).toBe(1);
    expect(queue.claim(T + 700, T + 1_700)).toMatchObject({ attempts: 0 });
    queue.markDone(item.id, T + 800);
    expect(queue.counts()).toEqual({ pending: 0, failed: 0 });
    expect(queue.lastError()).toBeNull();
    expect(queue.nextDueAt()).toBeUndefined();
  });
});

describe('SecondOpinions and OpinionUsage', () => {
  it('answers each profile’s newest version asked, stale once the profile moved on', () => {
    seed([{ id: '1', fit: 60 }]);
    const opinions = new SecondOpinions(database.sqlite);
    const base = {
      jobId: '1',
      profileId: 1,
      verdict: 'v',
      strengths: [{ point: 'p', quote: 'q' }],
      gaps: [],
      droppedQuotes: 1,
      model: 'm',
      tokens: 10,
      at: Date.parse('2026-11-02T08:00:00Z'),
    };
    opinions.save({ ...base, profileVersion: 1, score: 20 });
    opinions.save({ ...base, profileVersion: 2, score: 75 });
    expect(opinions.of('1')).toEqual([
      {
        profile_id: 1,
        profile_version: 2,
        stale: false,
        score: 75,
        verdict: 'v',
        strengths: [{ point: 'p', quote: 'q' }],
        gaps: [],
        dropped_quotes: 1,
        model: 'm',
        at: '2026-11-02T08:00:00.000Z',
      },
    ]);
    database.sqlite.exec('UPDATE fit_profiles SET version = 3');
    expect(opinions.of('1')[0]?.stale).toBe(true);
    // A deleted profile's opinions are left out.
    database.sqlite.exec('DELETE FROM fit_profiles');
    expect(opinions.of('1')).toEqual([]);
  });

  it('adds each request’s tokens to its day, the estimated ones apart', () => {
    const usage = new OpinionUsage(database.sqlite);
    usage.add('2026-11-01', 100, false);
    usage.add('2026-11-02', 300, false);
    usage.add('2026-11-02', 40, true);
    expect(usage.tokensOn('2026-11-02')).toBe(340);
    expect(usage.tokensOn('2026-11-03')).toBe(0);
    expect(usage.since('2026-11-01')).toEqual([
      { day: '2026-11-02', tokens: 340, requests: 2, estimated_tokens: 40 },
      { day: '2026-11-01', tokens: 100, requests: 1, estimated_tokens: 0 },
    ]);
  });
});
