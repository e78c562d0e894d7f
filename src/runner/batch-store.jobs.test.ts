import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../db/database';
import type { JobCard } from '../scraper';
import { BatchStore } from './batch-store';
import { detailsOf } from './runner-test-kit';

// What the runner stores for the Jobs screen (issue 9): last seen, workplace, safe description.

let dir: string;
let database: OpenedDatabase;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-store-'));
  database = await openDatabase(dir);
});
afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const card = (id: string, location: string, title = 'Data Engineer'): JobCard => ({
  jobId: id,
  title,
  companyName: 'Acme',
  companySlug: null,
  location,
  salary: null,
  postedDate: '2026-10-01',
  postedText: null,
  url: `https://www.linkedin.com/jobs/view/${id}`,
});

it('stores last seen, the workplace and the sanitised description', () => {
  const { sqlite } = database;
  const store = new BatchStore(sqlite);
  sqlite.exec(`INSERT INTO queries (id, job_title, location_id, display_name, status, created_at, updated_at)
    VALUES (1, 'Data Engineer', 1, 'Berlin', 'active', 0, 0)`);
  const claim = store.claimBatch('manual', 1000);
  if (!claim.claimed) throw new Error('not claimed');
  const query = store.nextQuery(claim.batch.id);
  if (!query) throw new Error('no query');
  const run = store.createRun(claim.batch.id, query, 1000);
  store.savePage(
    run,
    {
      start: 0,
      cards: [card('1', 'Germany (Remote)'), card('2', 'Berlin')],
      skippedCards: 0,
      nextStart: 2,
    },
    1000,
  );
  // A search filtered on hybrid (f_WT=3): the site's classification wins over the words.
  sqlite
    .prepare('UPDATE query_runs SET search_params = ? WHERE id = ?')
    .run(JSON.stringify({ f_WT: '3' }), run.id);
  store.savePage(
    run,
    { start: 2, cards: [card('2', 'Berlin'), card('3', 'Paris')], skippedCards: 0, nextStart: 4 },
    5000,
  );
  const rows = sqlite
    .prepare('SELECT id, first_seen_at, last_seen_at, workplace FROM jobs ORDER BY id')
    .all();
  expect(rows).toEqual([
    { id: '1', first_seen_at: 1000, last_seen_at: 1000, workplace: 'remote' },
    { id: '2', first_seen_at: 1000, last_seen_at: 5000, workplace: 'hybrid' },
    { id: '3', first_seen_at: 5000, last_seen_at: 5000, workplace: 'hybrid' },
  ]);
  const details = {
    ...detailsOf(card('1', 'Germany (Remote)'), 'Hello'),
    descriptionHtml:
      '<p onclick="x()">Hello<script>alert(1)</script><img src="x" onerror="y()"></p>',
  };
  store.saveDetails(claim.batch.id, details, 6000);
  store.saveDetails(
    claim.batch.id,
    { ...details, jobId: '2', description: 'Plain <text>', descriptionHtml: '' },
    6000,
  );
  expect(
    sqlite
      .prepare(
        'SELECT d.description_html FROM jobs j LEFT JOIN job_descriptions d ON d.job_id = j.id ORDER BY j.id',
      )
      .all(),
  ).toEqual([
    { description_html: '<p>Hello</p>' },
    { description_html: '<p>Plain &lt;text&gt;</p>' },
    { description_html: null },
  ]);
  // The descriptions wait to be indexed together (docs/decisions/038); the batch's end takes them.
  const found = () =>
    sqlite.prepare(`SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH '"hello"*'`).all();
  expect(found()).toEqual([]);
  store.finishBatch(claim.batch.id, 'completed', null, 7000);
  expect(found()).toEqual([{ rowid: 1 }]);
});
