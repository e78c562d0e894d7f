import { openSqliteFile } from '../../db/sqlite-file';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { jobListSchema } from '../../contract';
import { BatchStore, type StoredRun } from '../../runner/batch-store';
import { DESCRIPTIONS_WAITING_MAX } from '../../db/jobs/description-index';
import { BERLIN, detailsOf, seedQueries } from '../../runner/runner-test-kit';
import type { JobCard } from '../../scraper';
import { startTestServer, type TestServer } from '../test-harness';

// docs/decisions/038 and 045: a batch's new jobs wait to be indexed with their descriptions, a
// few dozen at a time, and every reader of the index (the list's search, a rule's preview and
// apply, an export) has them indexed first. A search never misses a job or a word already stored.

let server: TestServer;
let store: BatchStore;
let run: StoredRun;
let batchId: number;
beforeEach(async () => {
  server = await startTestServer();
  store = new BatchStore(server.database.sqlite);
  seedQueries(server.database, [{ jobTitle: 'Engineer', ...BERLIN }]);
  const claim = store.claimBatch('manual', server.ctx.now());
  if (!claim.claimed) throw new Error('batch not claimed');
  batchId = claim.batch.id;
  const query = store.nextQuery(batchId);
  if (!query) throw new Error('no query');
  run = store.createRun(batchId, query, server.ctx.now());
});
afterEach(async () => {
  await server.close();
});

const card = (n: number): JobCard => ({
  jobId: String(4_400_000_000 + n),
  title: `Engineer ${n}`,
  companyName: `Company ${n}`,
  companySlug: `company-${n}`,
  location: 'Berlin',
  salary: null,
  postedDate: '2026-10-20',
  postedText: null,
  url: `https://www.linkedin.com/jobs/view/${4_400_000_000 + n}`,
});

/** Cards 0..n-1 stored as one page, then their details, each with the word `zorblax`. */
function stored(n: number): JobCard[] {
  const cards = Array.from({ length: n }, (_, i) => card(i));
  store.savePage(run, { start: 0, cards, skippedCards: 0, nextStart: n }, server.ctx.now());
  store.setEnriching(batchId);
  for (const c of cards)
    store.saveDetails(batchId, detailsOf(c, 'We build zorblax pipelines.'), server.ctx.now());
  return cards;
}

/** Card n stored alone, then its details: in the batch, or with `inBatch` false from the panel. */
function storedOne(n: number, description: string, inBatch = true): void {
  const c = card(n);
  store.savePage(
    run,
    { start: n, cards: [c], skippedCards: 0, nextStart: n + 1 },
    server.ctx.now(),
  );
  store.saveDetails(inBatch ? batchId : null, detailsOf(c, description), server.ctx.now());
}

const inIndex = () =>
  z
    .array(z.number())
    .parse(
      server.database.sqlite
        .prepare(`SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH '"zorblax"*'`)
        .pluck()
        .all(),
    ).length;
const waiting = () =>
  z
    .number()
    .parse(server.database.sqlite.prepare('SELECT COUNT(*) FROM jobs_fts_pending').pluck().get());

async function searched(q: string): Promise<number> {
  const res = await server.authed({ method: 'GET', url: `/api/v1/jobs?q=${q}&grouped=false` });
  expect(res.statusCode, res.body).toBe(200);
  return jobListSchema.parse(res.json()).total;
}

it('indexes a batch’s descriptions a few dozen at a time, and the rest when the batch ends', () => {
  stored(DESCRIPTIONS_WAITING_MAX - 1);
  expect(waiting()).toBe(DESCRIPTIONS_WAITING_MAX - 1);
  expect(inIndex()).toBe(0);
  // The next one brings the wait to the most allowed: all of them are indexed together.
  storedOne(1000, 'zorblax again');
  expect(waiting()).toBe(0);
  expect(inIndex()).toBe(DESCRIPTIONS_WAITING_MAX);

  storedOne(1001, 'zorblax at the end');
  expect(waiting()).toBe(1);
  store.finishBatch(batchId, 'completed', null, server.ctx.now());
  expect(waiting()).toBe(0);
  expect(inIndex()).toBe(DESCRIPTIONS_WAITING_MAX + 1);
});

it('indexes the waiting descriptions when a batch is cancelled, and at once when asked from the panel', () => {
  stored(3);
  expect(inIndex()).toBe(0);
  store.finishCancelled(batchId, 'Cancelled', server.ctx.now());
  expect(inIndex()).toBe(3);

  storedOne(50, 'zorblax on demand', false);
  expect(waiting()).toBe(0);
  expect(inIndex()).toBe(4);
});

it('a search of the Jobs list finds a description still waiting; a list without a search leaves it waiting', async () => {
  stored(2);
  const res = await server.authed({ method: 'GET', url: '/api/v1/jobs' });
  expect(res.statusCode).toBe(200);
  expect(waiting()).toBe(2);
  expect(await searched('zorblax')).toBe(2);
  expect(waiting()).toBe(0);
});

it('a rule’s preview and apply see descriptions still waiting', async () => {
  stored(2);
  const rule = { conditions: [{ field: 'description', value: 'zorb*' }] };
  const preview = await server.authed({
    method: 'POST',
    url: '/api/v1/rules/preview',
    payload: rule,
  });
  expect(preview.statusCode, preview.body).toBe(200);
  expect(z.object({ matches: z.number() }).parse(preview.json()).matches).toBe(2);

  // One more job with the word, stored after the preview indexed the others.
  storedOne(77, 'zorblax');
  expect(waiting()).toBe(1);
  const created = await server.authed({
    method: 'POST',
    url: '/api/v1/rules',
    payload: { name: 'No zorblax', action: 'flag', ...rule },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = z.object({ id: z.number() }).parse(created.json()).id;
  const applied = await server.authed({ method: 'POST', url: `/api/v1/rules/${id}/apply` });
  expect(applied.statusCode, applied.body).toBe(200);
  expect(z.object({ matches: z.number() }).parse(applied.json()).matches).toBe(3);
});

it('an export of a search holds the descriptions still waiting', async () => {
  stored(2);
  const res = await server.authed({
    method: 'GET',
    url: '/api/v1/jobs/export?q=zorblax&format=json',
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).toContain(card(0).jobId);
  expect(res.body).toContain(card(1).jobId);
});

it('a search goes on while another process holds the write lock, without the jobs still waiting', async () => {
  storedOne(50, 'zorblax, from the panel', false);
  stored(2);
  // Signed in first: signing in writes.
  expect((await server.authed({ method: 'GET', url: '/api/v1/jobs' })).statusCode).toBe(200);
  const other = openSqliteFile(server.database.sqlite.name);
  server.database.sqlite.pragma('busy_timeout = 50');
  other.exec('BEGIN IMMEDIATE');
  try {
    expect(await searched('engineer')).toBe(1);
    expect(waiting()).toBe(2);
  } finally {
    other.exec('ROLLBACK');
    other.close();
  }
  expect(await searched('zorblax')).toBe(3);
  expect(waiting()).toBe(0);
});

it('indexes a new job once, with its description; one whose details never come when the batch ends', () => {
  const fts = () =>
    z
      .number()
      .parse(server.database.sqlite.prepare('SELECT COUNT(*) FROM jobs_fts_docsize').pluck().get());
  // A page of cards: none is indexed yet.
  const cards = Array.from({ length: DESCRIPTIONS_WAITING_MAX + 5 }, (_, i) => card(i));
  store.savePage(
    run,
    { start: 0, cards, skippedCards: 0, nextStart: cards.length },
    server.ctx.now(),
  );
  expect(waiting()).toBe(cards.length);
  expect(fts()).toBe(0);
  store.setEnriching(batchId);
  // The details of all but five: once enough are in, those jobs and only they are indexed.
  for (const c of cards.slice(0, DESCRIPTIONS_WAITING_MAX))
    store.saveDetails(batchId, detailsOf(c, 'We build zorblax pipelines.'), server.ctx.now());
  expect(fts()).toBe(DESCRIPTIONS_WAITING_MAX);
  expect(inIndex()).toBe(DESCRIPTIONS_WAITING_MAX);
  expect(waiting()).toBe(5);
  // The five without details (hidden on their card, or failed) are searchable once it ends.
  store.finishBatch(batchId, 'completed', null, server.ctx.now());
  expect(waiting()).toBe(0);
  expect(fts()).toBe(cards.length);
  expect(inIndex()).toBe(DESCRIPTIONS_WAITING_MAX);
});
