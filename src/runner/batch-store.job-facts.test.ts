import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, type OpenedDatabase } from '../db/database';
import type { JobCard, JobDetails } from '../scraper';
import { BatchStore, type StoredRun } from './batch-store';
import { blockCompany, detailsOf } from './runner-test-kit';

// Issue 41 (docs/decisions/062): what the details step and a re-check store of the job as its page
// says it is: closed or open, Easy Apply, the employer's address, the company's id, which the
// company's other jobs and later cards of its slug follow.

let dir: string;
let database: OpenedDatabase;
let store: BatchStore;
let batchId: number;
let run: StoredRun;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-facts-'));
  database = await openDatabase(dir);
  store = new BatchStore(database.sqlite);
  database.sqlite.exec(`INSERT INTO queries (id, job_title, location_id, display_name, status,
    created_at, updated_at) VALUES (1, 'Data Engineer', 1, 'Berlin', 'active', 0, 0)`);
  const claim = store.claimBatch('manual', 1000);
  if (!claim.claimed) throw new Error('not claimed');
  batchId = claim.batch.id;
  const query = store.nextQuery(batchId);
  if (!query) throw new Error('no query');
  run = store.createRun(batchId, query, 1000);
});
afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const card = (id: string, company = 'Acme', slug: string | null = 'acme'): JobCard => ({
  jobId: id,
  title: 'Data Engineer',
  companyName: company,
  companySlug: slug,
  location: 'Berlin',
  salary: null,
  postedDate: '2026-10-01',
  postedText: null,
  url: `https://www.linkedin.com/jobs/view/${id}`,
});

const saveCards = (cards: JobCard[], now = 1000) =>
  store.savePage(run, { start: 0, cards, skippedCards: 0, nextStart: cards.length }, now);

const page = (c: JobCard, facts: Partial<JobDetails>): JobDetails => ({
  ...detailsOf(c, `About ${c.title}.`),
  ...facts,
});

const factsRow = z.object({
  id: z.string(),
  closed_at: z.number().nullable(),
  easy_apply: z.number().nullable(),
  apply_url: z.string().nullable(),
  company_id: z.number().nullable(),
  page_company_id: z.number().nullable(),
  last_checked_at: z.number().nullable(),
  details_fetched_at: z.number().nullable(),
});
const facts = (id: string) =>
  factsRow.parse(
    database.sqlite
      .prepare(
        `SELECT id, closed_at, easy_apply, apply_url, company_id, page_company_id, last_checked_at,
           details_fetched_at FROM jobs WHERE id = ?`,
      )
      .get(id),
  );

describe('closed or open, Easy Apply and the apply address', () => {
  it('stores what the page says, keeps the first closing and what a closed page cannot show', async () => {
    const c = card('1');
    await saveCards([c]);
    const address = 'https://jobs.acme.example/apply/1?source=LinkedIn';
    await store.saveDetails(batchId, page(c, { applyUrl: address }), 2000);
    expect(facts('1')).toMatchObject({
      closed_at: null,
      easy_apply: 0,
      apply_url: address,
      last_checked_at: 2000,
      details_fetched_at: 2000,
    });

    // Found closed: dated by that read; its page shows no apply button nor address.
    expect(
      await store.saveJobCheck(page(c, { closed: true, easyApply: false, applyUrl: null }), 3000),
    ).toEqual({ newlyClosed: true });
    expect(facts('1')).toMatchObject({
      closed_at: 3000,
      easy_apply: 0,
      apply_url: address,
      last_checked_at: 3000,
      // A re-check is no details fetch: the description and the rest stay as they were.
      details_fetched_at: 2000,
    });
    // Closed again: still closed since the first time, and not news.
    expect(await store.saveJobCheck(page(c, { closed: true }), 4000)).toEqual({
      newlyClosed: false,
    });
    expect(facts('1')).toMatchObject({ closed_at: 3000, last_checked_at: 4000 });

    // Open again (the employer reopened it): no longer closed, its page's word on the rest.
    expect(
      await store.saveJobCheck(page(c, { closed: false, easyApply: true, applyUrl: null }), 5000),
    ).toEqual({ newlyClosed: false });
    expect(facts('1')).toMatchObject({ closed_at: null, easy_apply: 1, apply_url: null });
  });

  it('keeps an Easy Apply job Easy Apply when its page is found closed', async () => {
    const c = card('2');
    await saveCards([c]);
    await store.saveDetails(batchId, page(c, { easyApply: true }), 2000);
    await store.saveDetails(batchId, page(c, { closed: true, easyApply: false }), 3000);
    expect(facts('2')).toMatchObject({ closed_at: 3000, easy_apply: 1 });
  });

  it('answers no news for a job it does not hold', async () => {
    expect(await store.saveJobCheck(page(card('404'), { closed: true }), 1)).toEqual({
      newlyClosed: false,
    });
  });
});

describe('the company id a page gives', () => {
  it('is the job’s, its company’s other jobs follow, and later cards of the slug take it', async () => {
    await saveCards([
      card('10'),
      card('11'),
      // Another company of the same name: its own slug, not followed.
      card('12', 'Acme', 'acme-2'),
      card('13', 'Globex', 'globex'),
    ]);
    // A wrong id from the name lookup is corrected by the page.
    store.setCompanyId('acme', 999);
    await store.saveDetails(batchId, page(card('10'), { companyId: '4242' }), 2000);
    expect([facts('10'), facts('11'), facts('12'), facts('13')].map((f) => f.company_id)).toEqual([
      4242,
      4242,
      999,
      null,
    ]);
    expect(facts('10').page_company_id).toBe(4242);
    expect(facts('11').page_company_id).toBeNull();

    // The slug is remembered with the id: a new card of it is stored with the id.
    const company = database.sqlite
      .prepare('SELECT id, name, normalized_name, slug FROM companies WHERE id = 4242')
      .get();
    expect(company).toEqual({ id: 4242, name: 'Acme', normalized_name: 'acme', slug: 'acme' });
    await saveCards([card('14'), card('15', 'Initech', 'initech'), card('16', 'Acme', null)], 3000);
    expect([facts('14'), facts('15'), facts('16')].map((f) => f.company_id)).toEqual([
      4242,
      null,
      null,
    ]);

    // A job whose own page says otherwise keeps its own, whatever the others' pages say.
    await store.saveDetails(batchId, page(card('11'), { companyId: '77' }), 3100);
    await store.saveDetails(batchId, page(card('10'), { companyId: '4242' }), 3200);
    expect(facts('11')).toMatchObject({ company_id: 77, page_company_id: 77 });
    expect([facts('10'), facts('14')].map((f) => f.company_id)).toEqual([4242, 4242]);
  });

  it('drops an id that is no safe positive integer', async () => {
    await saveCards([card('20')]);
    await store.saveDetails(batchId, page(card('20'), { companyId: '99999999999999999999' }), 2000);
    expect(facts('20')).toMatchObject({ company_id: null, page_company_id: null });
  });

  it('makes blocking by id cover the company’s jobs, and names a company blocked without a name', async () => {
    blockCompany(database, 4242, '');
    await saveCards([card('30'), card('31'), card('32', 'Globex', 'globex')]);
    expect(store.pendingDetailIds(batchId, 10)).toEqual(['30', '31', '32']);
    await store.saveDetails(batchId, page(card('30'), { companyId: '4242' }), 2000);
    // Job 31 is the blocked company's now: its details are no longer asked for.
    expect(store.pendingDetailIds(batchId, 10)).toEqual(['32']);
    expect(
      database.sqlite.prepare('SELECT normalized_name FROM banned_companies WHERE id = 4242').get(),
    ).toEqual({ normalized_name: 'acme' });
    // A later card of the slug is blocked the moment it is stored.
    await saveCards([card('33')], 3000);
    expect(store.pendingDetailIds(batchId, 10)).toEqual(['32']);
  });
});
