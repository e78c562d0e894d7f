import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, type OpenedDatabase } from '../db/database';
import type { JobCard } from '../scraper';
import { BatchStore, type StoredRun } from './batch-store';
import { SIGNATURE_BYTES } from '../contract/repost-keys';
import { detailsOf } from './runner-test-kit';

// What the store writes for reposts and groups (docs/decisions/035, 037): keys and the group with
// the card, the signature with the details, decisions only where another job shares the key.

let dir: string;
let database: OpenedDatabase;
let store: BatchStore;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-store-reposts-'));
  database = await openDatabase(dir);
  store = new BatchStore(database.sqlite);
  database.sqlite
    .exec(`INSERT INTO queries (id, job_title, location_id, display_name, status, created_at, updated_at)
    VALUES (1, 'Data Engineer', 1, 'Berlin', 'active', 0, 0)`);
});
afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const DESCRIPTION =
  'We build the data platform of a logistics company: pipelines in Python and SQL, ' +
  'a warehouse on BigQuery, streaming with Kafka, and the dashboards our drivers read every morning. ' +
  'You own ingestion end to end, review code, and mentor two junior engineers.';
const OTHER =
  'Join the payments team to design card authorisation services in Kotlin, run them on Kubernetes, ' +
  'and keep their latency low at peak; you pair with product on fraud rules and reporting.';

const card = (id: string, location = 'Berlin, Germany', title = 'Data Engineer'): JobCard => ({
  jobId: id,
  title,
  companyName: 'Acme',
  companySlug: 'acme',
  location,
  salary: null,
  postedDate: '2026-10-01',
  postedText: null,
  url: `https://www.linkedin.com/jobs/view/${id}`,
});

const details = (id: string, description: string) => detailsOf(card(id), description);

function newRun(now: number): StoredRun {
  const claim = store.claimBatch('manual', now);
  if (!claim.claimed) throw new Error('not claimed');
  const query = store.nextQuery(claim.batch.id);
  if (!query) throw new Error('no query');
  return store.createRun(claim.batch.id, query, now);
}

function finish(run: StoredRun, now: number): void {
  store.finishRun(run.id, 'completed', null, now);
  store.finishBatch(run.batch_id, 'completed', null, now);
}

const rowSchema = z.object({
  id: z.string(),
  repost_key: z.string().nullable(),
  role_key: z.string().nullable(),
  group_key: z.string().nullable(),
  repost_of: z.string().nullable(),
  repost_confirmed: z.number().nullable(),
  description_minhash: z.instanceof(Buffer).nullable(),
});
const row = (id: string) =>
  rowSchema.parse(
    database.sqlite
      .prepare(
        `SELECT id, repost_key, role_key, group_key, repost_of, repost_confirmed, description_minhash
         FROM jobs WHERE id = ?`,
      )
      .get(id),
  );

describe('the store, for reposts and groups', () => {
  it('stores a card with its keys, and its group once the role is in a second place', () => {
    const run = newRun(1000);
    store.savePage(run, { start: 0, cards: [card('1')], skippedCards: 0, nextStart: 1 }, 1000);
    expect(row('1')).toMatchObject({ group_key: null, repost_of: null });
    expect(row('1').repost_key).toMatch(/^[0-9a-f]{16}$/);
    expect(row('1').role_key).toMatch(/^[0-9a-f]{16}$/);

    // A second place makes the group: both jobs carry it; a third joins it with its own row.
    store.savePage(
      run,
      { start: 1, cards: [card('2', 'Hamburg, Germany')], skippedCards: 0, nextStart: 2 },
      1000,
    );
    const role = row('1').role_key;
    expect([row('1').group_key, row('2').group_key]).toEqual([role, role]);
    store.savePage(
      run,
      { start: 2, cards: [card('3', 'Munich, Germany')], skippedCards: 0, nextStart: 3 },
      1000,
    );
    expect(row('3').group_key).toBe(role);
    // Another role at the same company is in no group.
    store.savePage(
      run,
      {
        start: 3,
        cards: [card('4', 'Berlin, Germany', 'Product Designer')],
        skippedCards: 0,
        nextStart: 4,
      },
      1000,
    );
    expect(row('4').group_key).toBeNull();
  });

  it('decides a repost on the card and confirms or undoes it with the description', () => {
    const first = newRun(1000);
    store.savePage(first, { start: 0, cards: [card('10')], skippedCards: 0, nextStart: 1 }, 1000);
    store.saveDetails(first.batch_id, details('10', DESCRIPTION), 1000);
    finish(first, 1000);
    // Alone with its key, it still gets its signature with its details (in the same write).
    expect(row('10').description_minhash?.length).toBe(SIGNATURE_BYTES);

    const second = newRun(2000);
    store.savePage(
      second,
      { start: 0, cards: [card('11'), card('12')], skippedCards: 0, nextStart: 2 },
      2000,
    );
    expect(row('11')).toMatchObject({ repost_of: '10', repost_confirmed: 0 });
    store.saveDetails(second.batch_id, details('11', DESCRIPTION), 2000);
    expect(row('11')).toMatchObject({ repost_of: '10', repost_confirmed: 1 });
    // A look-alike: the same title and place, taken for a repost on its card, undone by its
    // description.
    expect(row('12')).toMatchObject({ repost_of: '11', repost_confirmed: 0 });
    store.saveDetails(second.batch_id, details('12', OTHER), 2000);
    expect(row('12')).toMatchObject({ repost_of: null, repost_confirmed: null });
  });

  it('compares with an earlier signature of another format by computing it again from the description', () => {
    const first = newRun(1000);
    store.savePage(first, { start: 0, cards: [card('20')], skippedCards: 0, nextStart: 1 }, 1000);
    store.saveDetails(first.batch_id, details('20', DESCRIPTION), 1000);
    finish(first, 1000);
    // As 0009 stored them: 64 × 32 bits, which this format never compares with.
    database.sqlite
      .prepare('UPDATE jobs SET description_minhash = ? WHERE id = ?')
      .run(Buffer.alloc(256, 7), '20');

    const second = newRun(2000);
    store.savePage(second, { start: 0, cards: [card('21')], skippedCards: 0, nextStart: 1 }, 2000);
    store.saveDetails(second.batch_id, details('21', DESCRIPTION), 2000);
    expect(row('21')).toMatchObject({ repost_of: '20', repost_confirmed: 1 });
    expect(row('20').description_minhash?.length).toBe(SIGNATURE_BYTES);
  });
});
