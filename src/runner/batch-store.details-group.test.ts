import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ruleWriteSchema, type RuleWriteInput } from '../contract';
import { openDatabase, type OpenedDatabase } from '../db/database';
import { RuleRepository } from '../db/rules/rule-repository';
import type { JobCard, JobDetails } from '../scraper';
import { BatchStore } from './batch-store';
import { detailsOf } from './runner-test-kit';

// A group of fetched details written in one transaction (docs/decisions/042) leaves the database
// exactly as the same details saved one by one: rows, repost decisions and carried triage, rules'
// hides, mutes and flags, the batch's progress, and the search index.

const PLATFORM =
  'We build the data platform of a logistics company: pipelines in Python and SQL, a warehouse ' +
  'on BigQuery, streaming with Kafka, and the dashboards our drivers read every morning.';
const PAYMENTS =
  'Join the payments team to design card authorisation services in Kotlin, run them on ' +
  'Kubernetes, and keep their latency low at peak; fluent German is a must.';
const CLEARANCE = 'Security clearance required. You will maintain the build farm and its caches.';

const card = (id: string, title: string, location = 'Berlin, Germany'): JobCard => ({
  jobId: id,
  title,
  companyName: 'Acme',
  companySlug: 'acme',
  location,
  salary: null,
  postedDate: `2026-10-${id.padStart(2, '0').slice(-2)}`,
  postedText: null,
  url: `https://www.linkedin.com/jobs/view/${id}`,
});

const RULES: RuleWriteInput[] = [
  { name: 'No German', conditions: [{ field: 'description', value: 'german' }], action: 'hide' },
  {
    name: 'Clearance',
    conditions: [{ field: 'description', value: '"security clearance"' }],
    action: 'flag',
  },
  { name: 'Quiet builds', conditions: [{ field: 'description', value: 'farm' }], action: 'mute' },
];

// Batch 1 stores jobs 1-3 with details; one of them is then triaged. Batch 2 brings reposts of
// them (same description), a look-alike (same title and place, other description), a second
// place of a role, and jobs the rules act on.
const FIRST: Array<[JobCard, string]> = [
  [card('1', 'Data Engineer'), PLATFORM],
  [card('2', 'Backend Engineer'), PAYMENTS],
  [card('3', 'Build Engineer'), CLEARANCE],
];
const SECOND: Array<[JobCard, string]> = [
  [card('11', 'Data Engineer (m/w/d)'), PLATFORM],
  [card('12', 'Backend Engineer'), PLATFORM],
  [card('13', 'Data Engineer', 'Munich, Germany'), PLATFORM],
  [card('14', 'Build Engineer – Contract'), CLEARANCE],
  [card('15', 'Payments Engineer'), PAYMENTS],
  [card('16', 'Data Engineer'), PLATFORM],
];

let dir: string;
let databases: OpenedDatabase[];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-details-group-'));
  databases = [];
});
afterEach(async () => {
  for (const database of databases) await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function storeBoth(
  save: (store: BatchStore, batchId: number, details: JobDetails[], now: number) => void,
  name: string,
): Promise<OpenedDatabase> {
  const database = await openDatabase(path.join(dir, name));
  databases.push(database);
  const { sqlite } = database;
  sqlite.exec(`INSERT INTO queries (id, job_title, location_id, display_name, status, created_at, updated_at)
    VALUES (1, 'Engineer', 1, 'Berlin', 'active', 0, 0)`);
  const rules = new RuleRepository(sqlite);
  for (const rule of RULES) rules.create(ruleWriteSchema.parse(rule), 0);
  const store = new BatchStore(sqlite);
  const batch = (jobs: Array<[JobCard, string]>, now: number): void => {
    const claim = store.claimBatch('manual', now);
    if (!claim.claimed) throw new Error('not claimed');
    const query = store.nextQuery(claim.batch.id);
    if (!query) throw new Error('no query');
    const run = store.createRun(claim.batch.id, query, now);
    const cards = jobs.map(([c]) => c);
    store.savePage(run, { start: 0, cards, skippedCards: 0, nextStart: cards.length }, now);
    store.finishRun(run.id, 'completed', null, now);
    store.setEnriching(claim.batch.id);
    store.setEnrichTotals(claim.batch.id, jobs.length, 0);
    save(
      store,
      claim.batch.id,
      jobs.map(([c, description]) => detailsOf(c, description)),
      now + 500,
    );
    store.finishBatch(claim.batch.id, 'completed', null, now + 900);
  };
  batch(FIRST, 1_000);
  // Triage that carries over to a repost: the operator applied to job 1 and hid job 3.
  sqlite.prepare(`UPDATE jobs SET state = 'applied' WHERE id = '1'`).run();
  sqlite.prepare(`UPDATE jobs SET state = 'hidden' WHERE id = '3'`).run();
  batch(SECOND, 2_000);
  return database;
}

function everything(database: OpenedDatabase): unknown {
  const all = (sql: string) => database.sqlite.prepare(sql).raw().all();
  return {
    jobs: all('SELECT * FROM jobs ORDER BY id'),
    batches: all('SELECT id, status, jobs_to_enrich, jobs_enriched FROM batches ORDER BY id'),
    flags: all('SELECT * FROM job_flags ORDER BY 1, 2'),
    index: all(`SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH 'engineer' ORDER BY rowid`),
    waiting: all('SELECT * FROM jobs_fts_pending'),
  };
}

it('writes a group of details exactly as it writes them one by one', async () => {
  const oneByOne = await storeBoth((store, batchId, details, now) => {
    for (const d of details) store.saveDetails(batchId, d, now);
  }, 'one-by-one');
  const grouped = await storeBoth(
    (store, batchId, details, now) => store.saveDetailsGroup(batchId, details, now),
    'grouped',
  );
  const expected = everything(oneByOne);
  expect(everything(grouped)).toEqual(expected);

  // What the comparison covers, so that it cannot pass on two empty databases.
  const { sqlite } = grouped;
  const col = (sql: string) => sqlite.prepare(sql).pluck().all();
  expect(col('SELECT id FROM jobs WHERE details_fetched_at = 2500 ORDER BY id')).toEqual(
    SECOND.map(([c]) => c.jobId).sort(),
  );
  expect(col('SELECT id FROM jobs WHERE repost_of IS NOT NULL ORDER BY id')).toEqual([
    '11',
    '14',
    '16',
  ]);
  expect(col(`SELECT id FROM jobs WHERE repost_carried IS NOT NULL ORDER BY id`)).toEqual([
    '11',
    '14',
    '16',
  ]);
  // Job 2 in the first batch, job 15 in the second: both ask for German.
  expect(col('SELECT id FROM jobs WHERE hidden_by_rule_id IS NOT NULL ORDER BY id')).toEqual([
    '15',
    '2',
  ]);
  expect(col('SELECT id FROM jobs WHERE muted_by_rule_id IS NOT NULL ORDER BY id')).toEqual([
    '14',
    '3',
  ]);
  expect(col('SELECT job_id FROM job_flags ORDER BY job_id')).toEqual(['14', '3']);
  expect(col('SELECT jobs_enriched FROM batches ORDER BY id')).toEqual([3, 6]);
  expect(col(`SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH 'kafka' ORDER BY rowid`)).toEqual([
    1, 11, 12, 13, 16,
  ]);
});

it('writes nothing for an empty group', async () => {
  const database = await openDatabase(path.join(dir, 'empty'));
  databases.push(database);
  const store = new BatchStore(database.sqlite);
  const claim = store.claimBatch('manual', 1_000);
  if (!claim.claimed) throw new Error('not claimed');
  const changes = database.sqlite.prepare('SELECT total_changes()').pluck();
  const before = changes.get();
  store.saveDetailsGroup(claim.batch.id, [], 2_000);
  expect(changes.get()).toBe(before);
});
