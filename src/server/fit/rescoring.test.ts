import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fitProfileWriteSchema } from '../../contract/fit';
import { openDatabase, type OpenedDatabase } from '../../db/database';
import { FitProfiles } from '../../db/fit/fit-profiles';
import { FitScorerMark } from '../../db/fit/fit-scorer-mark';
import { FitState } from '../../db/fit/fit-state';
import { createFitRescoring, type FitRescoring } from './rescoring';

// The background rescoring (issue 40, docs/decisions/063) on a real database: a pass checks every
// job once, a chunk per write, and is restart-safe: a worker stopped mid-pass (the server closed)
// leaves its place in fit_state, and the next one goes on from there without scoring again what
// was done; a change during a pass starts another.

const JOBS = 60;
const silent = { info: () => {}, error: () => {} };

let dir: string;
let database: OpenedDatabase;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-rescoring-'));
  database = await openDatabase(dir);
  const db = database.sqlite;
  db.exec(`INSERT INTO queries (id, job_title, location_id, display_name, status, created_at,
      updated_at) VALUES (1, 'Platform', 1, 'Berlin', 'active', 0, 0);
    INSERT INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 0);
    INSERT INTO query_runs (id, batch_id, query_id, job_title, location, location_id, is_ai, status)
      VALUES (1, 1, 1, 'Platform', 'Berlin', 1, 0, 'completed');`);
  const job = db.prepare(`INSERT INTO jobs (id, title, company_name, company_normalized, location,
      url, first_seen_batch_id, first_seen_at, details_fetched_at) VALUES (?, ?, 'Acme', 'acme', 'Berlin', 'x', 1, ?, 1)`);
  const description = db.prepare(
    'INSERT INTO job_descriptions (job_id, description) VALUES (?, ?)',
  );
  const link = db.prepare(
    'INSERT INTO query_run_jobs (query_run_id, job_id, rank) VALUES (1, ?, ?)',
  );
  for (let i = 0; i < JOBS; i += 1) {
    const id = String(1000 + i);
    job.run(id, i % 2 ? 'Go Engineer' : 'Kubernetes Engineer', i);
    description.run(id, i % 2 ? 'You write Go services.' : 'You run Kubernetes clusters.');
    link.run(id, i + 1);
  }
});
afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const rowSchema = z.object({
  job_id: z.string(),
  profile_version: z.number(),
  scored_at: z.number(),
});
const fits = () =>
  database.sqlite
    .prepare('SELECT job_id, profile_version, scored_at FROM job_fits ORDER BY job_id')
    .all()
    .map((raw) => rowSchema.parse(raw));

function worker(at: number, chunk = 5): FitRescoring {
  return createFitRescoring({
    connection: database.connection,
    now: () => at,
    log: silent,
    firstChunk: chunk,
    maxChunk: chunk,
  });
}

const makeProfile = (mustSkills: string[]) =>
  database.connection.write(() =>
    new FitProfiles(database.connection).create(
      fitProfileWriteSchema.parse({ name: 'Platform', must_skills: mustSkills }),
      0,
    ),
  );

describe('the background rescoring', () => {
  it('scores every stored job once a profile is made, and then has nothing to do', async () => {
    await makeProfile(['Kubernetes']);
    const first = worker(1000, 1000);
    await first.run();
    expect(fits()).toHaveLength(JOBS);
    expect(new FitState(database.connection).pass()).toMatchObject({ done: JOBS, startedAt: null });
    const bestOfKubernetes = database.sqlite
      .prepare("SELECT fit_score FROM jobs WHERE id = '1000'")
      .pluck()
      .get();
    const bestOfGo = database.sqlite
      .prepare("SELECT fit_score FROM jobs WHERE id = '1001'")
      .pluck()
      .get();
    expect(Number(bestOfKubernetes)).toBeGreaterThan(Number(bestOfGo));
    // Nothing changed: a look scores nothing again.
    const second = worker(2000, 1000);
    await second.run();
    expect(fits().every((f) => f.scored_at === 1000)).toBe(true);
    await first.close();
    await second.close();
  });

  it('goes on after a restart from where it stopped, without scoring again what it did', async () => {
    await makeProfile(['Kubernetes']);
    const first = worker(1000);
    const stoppedRun = first.run();
    const state = new FitState(database.connection);
    while (state.pass().done < 20) await new Promise((r) => setImmediate(r));
    await first.close();
    await stoppedRun;
    const stopped = state.pass();
    expect(stopped.startedAt).not.toBeNull();
    expect(stopped.done).toBeLessThan(JOBS);
    const scoredBefore = fits().length;
    expect(scoredBefore).toBeGreaterThanOrEqual(20);
    expect(scoredBefore).toBeLessThan(JOBS);

    // The server starts again on the same file.
    await database.close();
    database = await openDatabase(dir);
    const second = createFitRescoring({
      connection: database.connection,
      now: () => 2000,
      log: silent,
      firstChunk: 5,
      maxChunk: 5,
    });
    await second.run();
    const after = fits();
    expect(after).toHaveLength(JOBS);
    expect(after.filter((f) => f.scored_at === 1000)).toHaveLength(scoredBefore);
    expect(new FitState(database.connection).pass()).toMatchObject({ done: JOBS, startedAt: null });
    await second.close();
  });

  it('scores every job again once after a release whose scorer scores differently', async () => {
    await makeProfile(['Kubernetes']);
    const first = worker(1000, 1000);
    await first.run();
    await first.close();
    expect(fits().every((f) => f.profile_version === 1 && f.scored_at === 1000)).toBe(true);
    // The same release started again: nothing to do.
    const same = worker(1500, 1000);
    await same.run();
    await same.close();
    expect(fits().every((f) => f.scored_at === 1000)).toBe(true);

    // The next release's scorer (FIT_SCORER_VERSION 2) starts on the same database.
    const upgraded = (at: number) =>
      createFitRescoring({
        connection: database.connection,
        now: () => at,
        log: silent,
        firstChunk: 1000,
        maxChunk: 1000,
        scorerVersion: 2,
      });
    const next = upgraded(2000);
    await next.run();
    await next.close();
    expect(fits()).toHaveLength(JOBS);
    expect(fits().every((f) => f.profile_version === 2 && f.scored_at === 2000)).toBe(true);
    expect(new FitScorerMark(database.connection).stored()).toBe(2);
    // Once: started again, it leaves them be.
    const again = upgraded(3000);
    await again.run();
    await again.close();
    expect(fits().every((f) => f.scored_at === 2000)).toBe(true);
  });

  it('starts the pass again when a profile changes during it', async () => {
    const profile = await makeProfile(['Kubernetes']);
    const running = worker(1000);
    const pass = running.run();
    const state = new FitState(database.connection);
    while (state.pass().done < 10) await new Promise((r) => setImmediate(r));
    await database.connection.write(() =>
      new FitProfiles(database.connection).update(
        profile.id,
        fitProfileWriteSchema.parse({ name: 'Platform', must_skills: ['Go'] }),
        0,
      ),
    );
    // The run in flight sees the change at its next chunk and starts the pass again.
    await pass;
    expect(fits().every((f) => f.profile_version === 2)).toBe(true);
    expect(fits()).toHaveLength(JOBS);
    const goJob = database.sqlite
      .prepare("SELECT fit_score FROM jobs WHERE id = '1001'")
      .pluck()
      .get();
    const kubernetesJob = database.sqlite
      .prepare("SELECT fit_score FROM jobs WHERE id = '1000'")
      .pluck()
      .get();
    expect(Number(goJob)).toBeGreaterThan(Number(kubernetesJob));
    await running.close();
  });
});
