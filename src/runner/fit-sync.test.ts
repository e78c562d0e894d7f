import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fitProfileWriteSchema, type FitProfileWrite } from '../contract/fit';
import { openDatabase, type OpenedDatabase } from '../db/database';
import { FitProfiles } from '../db/fit/fit-profiles';
import { prepareFitAliasesSetting } from '../db/settings';
import type { JobCard } from '../scraper';
import { BatchStore, type StoredRun } from './batch-store';
import { FitSync } from './fit-sync';
import { detailsOf } from './runner-test-kit';

// Issue 40 (docs/decisions/063): a job is scored when its card is stored (source card) and again
// when its details are (source details), in the same write, against the profiles of the queries
// that found it (the default for a query naming none); its best score is on its row. A change of
// profile, query profile or alias list leaves scores out of date until a sync brings them back.

let dir: string;
let database: OpenedDatabase;
let store: BatchStore;
let profiles: FitProfiles;
let run: StoredRun;
let batchId: number;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-fit-sync-'));
  database = await openDatabase(dir);
  store = new BatchStore(database.sqlite);
  profiles = new FitProfiles(database.sqlite);
  database.sqlite.exec(`INSERT INTO queries (id, job_title, location_id, display_name, status,
    created_at, updated_at) VALUES (1, 'Platform Engineer', 1, 'Berlin', 'active', 0, 0),
    (2, 'Data Engineer', 1, 'Berlin', 'active', 0, 0)`);
  const claim = store.claimBatch('manual', 1000);
  if (!claim.claimed) throw new Error('not claimed');
  batchId = claim.batch.id;
  run = runOf(1);
});
afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function runOf(queryId: number): StoredRun {
  const query = store.nextQuery(batchId);
  if (!query || query.id !== queryId) throw new Error(`query ${queryId} is not next`);
  return store.createRun(batchId, query, 1000);
}

const profile = (body: Partial<FitProfileWrite> & { name: string }) =>
  database.sqlite.transaction(() => profiles.create(fitProfileWriteSchema.parse(body), 1000))();

const card = (id: string, title = 'Kubernetes Platform Engineer'): JobCard => ({
  jobId: id,
  title,
  companyName: 'Acme',
  companySlug: 'acme',
  location: 'Berlin, Germany',
  salary: null,
  postedDate: '2026-10-01',
  postedText: null,
  url: `https://www.linkedin.com/jobs/view/${id}`,
});

const saveCards = (on: StoredRun, cards: JobCard[], now = 1000) =>
  store.savePage(on, { start: 0, cards, skippedCards: 0, nextStart: cards.length }, now);

const fitRow = z.object({
  profile_id: z.number(),
  profile_version: z.number(),
  score: z.number(),
  source: z.enum(['card', 'details']),
  parts: z.string(),
  scored_at: z.number(),
});
const fitsOf = (id: string) =>
  database.sqlite
    .prepare('SELECT * FROM job_fits WHERE job_id = ? ORDER BY profile_id')
    .all(id)
    .map((raw) => fitRow.parse(raw));
const bestOf = (id: string) =>
  database.sqlite.prepare('SELECT fit_score, fit_profile_id FROM jobs WHERE id = ?').get(id);

const PLATFORM = {
  name: 'Platform',
  must_skills: ['Kubernetes', 'Terraform'],
  dealbreakers: ['security clearance'],
};

describe('scoring as the runner stores', () => {
  it('scores a card from its card, then from its details, in the same writes', async () => {
    await profile(PLATFORM);
    await saveCards(run, [card('101')]);
    const fromCard = fitsOf('101');
    expect(fromCard).toHaveLength(1);
    expect(fromCard[0]).toMatchObject({
      profile_id: 1,
      profile_version: 1,
      source: 'card',
      scored_at: 1000,
    });
    expect(bestOf('101')).toEqual({ fit_score: fromCard[0]?.score, fit_profile_id: 1 });

    const description = 'You run Kubernetes and write Terraform every day.';
    await store.saveDetails(batchId, detailsOf(card('101'), description), 2000);
    const fromDetails = fitsOf('101')[0];
    expect(fromDetails).toMatchObject({ source: 'details', scored_at: 2000 });
    expect(fromDetails?.score).toBeGreaterThan(fromCard[0]?.score ?? 100);
    const parts = z
      .array(
        z.object({
          label: z.string(),
          outcome: z.string(),
          evidence: z.array(z.object({ text: z.string() })),
        }),
      )
      .parse(JSON.parse(fromDetails?.parts ?? '[]'));
    expect(parts.find((p) => p.label === 'Must-have: Terraform')).toMatchObject({
      outcome: 'yes',
      evidence: [{ text: 'You run Kubernetes and write Terraform every day.' }],
    });
    expect(bestOf('101')).toEqual({ fit_score: fromDetails?.score, fit_profile_id: 1 });
  });

  it('caps a job with a dealbreaker in Poor', async () => {
    await profile(PLATFORM);
    await saveCards(run, [card('101')]);
    const details = detailsOf(
      card('101'),
      'Kubernetes and Terraform. Security clearance required.',
    );
    await store.saveDetails(batchId, details, 2000);
    expect(fitsOf('101')[0]?.score).toBeLessThanOrEqual(39);
  });

  it('scores nothing while no profile exists', async () => {
    await saveCards(run, [card('101')]);
    expect(fitsOf('101')).toEqual([]);
    expect(bestOf('101')).toEqual({ fit_score: null, fit_profile_id: null });
  });

  it('scores a job against each query’s profile, the best on its row', async () => {
    await profile(PLATFORM);
    await profile({ name: 'Data', must_skills: ['Spark'] });
    database.sqlite.exec('UPDATE queries SET fit_profile_id = 2 WHERE id = 2');
    await saveCards(run, [card('101'), card('102')]);
    expect(fitsOf('101').map((f) => f.profile_id)).toEqual([1]);
    // The same job found by the second query: scored against its profile too.
    await saveCards(runOf(2), [
      card('101', 'Kubernetes Platform Engineer'),
      card('103', 'Spark Data Engineer'),
    ]);
    const both = fitsOf('101');
    expect(both.map((f) => f.profile_id)).toEqual([1, 2]);
    const best = Math.max(...both.map((f) => f.score));
    expect(bestOf('101')).toMatchObject({ fit_score: best });
    expect(fitsOf('103').map((f) => f.profile_id)).toEqual([2]);
  });

  it('brings scores up to date after a change, and leaves the current ones alone', async () => {
    await profile(PLATFORM);
    await saveCards(run, [card('101'), card('102', 'Office Manager')]);
    const sync = new FitSync(database.sqlite);
    const write = <T>(work: () => T) => database.connection.write(work);
    expect(await write(() => sync.sync(['101', '102'], 3000))).toEqual({ checked: 2, scored: 0 });

    // A new version of the profile: both scored again.
    await write(() =>
      profiles.update(1, fitProfileWriteSchema.parse({ ...PLATFORM, must_skills: ['Go'] }), 3000),
    );
    expect(await write(() => sync.sync(['101', '102', 'unknown'], 3000))).toEqual({
      checked: 2,
      scored: 2,
    });
    expect(fitsOf('101')[0]).toMatchObject({ profile_version: 2, scored_at: 3000 });

    // Another alias list moves every version.
    await write(() => {
      prepareFitAliasesSetting(database.sqlite).write(JSON.stringify([['Go', 'Golang']]));
      profiles.bumpAll(4000);
    });
    expect(await write(() => sync.sync(['101'], 4000))).toEqual({ checked: 1, scored: 1 });
    expect(fitsOf('101')[0]?.profile_version).toBe(3);

    // The query's profile changes: the old profile's score goes, the new one's comes.
    await profile({ name: 'Data', must_skills: ['Spark'] });
    database.sqlite.exec('UPDATE queries SET fit_profile_id = 2 WHERE id = 1');
    await write(() => sync.sync(['101'], 5000));
    expect(fitsOf('101').map((f) => f.profile_id)).toEqual([2]);
    expect(bestOf('101')).toMatchObject({ fit_profile_id: 2 });

    // No profile left: no fit.
    database.sqlite.exec('UPDATE queries SET fit_profile_id = NULL');
    database.sqlite.exec('DELETE FROM fit_profiles');
    await write(() => sync.sync(['101', '102'], 6000));
    expect(fitsOf('101')).toEqual([]);
    expect(bestOf('101')).toEqual({ fit_score: null, fit_profile_id: null });
  });
});
