import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BatchStore, type StoredRun } from '../../runner/batch-store';
import { detailsOf, seedQueries } from '../../runner/runner-test-kit';
import type { JobCard, JobDetails } from '../../scraper';
import { openDatabase, type OpenedDatabase } from '../database';
import { DAY_FACETS_FROM_JOBS_SQL, FACET_TOTALS_FROM_JOBS_SQL } from './day-facets';
import { JobStates } from './job-states';

// The Overview's aggregates are kept by triggers on `jobs` (docs/decisions/055): whichever
// statement changes a job, job_day_facets must hold what a GROUP BY over the jobs counts.

let dir: string;
let database: OpenedDatabase;
let store: BatchStore;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-facets-'));
  database = await openDatabase(dir);
  store = new BatchStore(database.sqlite);
  seedQueries(database, [
    { jobTitle: 'Data Engineer', locationId: 1, displayName: 'Berlin' },
    { jobTitle: 'Analyst', locationId: 2, displayName: 'London' },
  ]);
});
afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ZONE = 'Europe/Berlin';
const rowSchema = z.object({
  day: z.string(),
  query_id: z.number(),
  facet: z.string(),
  value: z.string(),
  jobs: z.number(),
});
const line = (r: z.infer<typeof rowSchema>) =>
  `${r.day} q${r.query_id} ${r.facet}=${r.value}: ${r.jobs}`;

/** The triggers' counts (a count that fell to 0 is none), as sorted lines. */
function kept(): string[] {
  return database.sqlite
    .prepare('SELECT * FROM job_day_facets WHERE jobs <> 0')
    .all()
    .map((r) => line(rowSchema.parse(r)))
    .sort();
}

/** What the jobs hold, counted from scratch. */
function counted(): string[] {
  return database.sqlite
    .prepare(DAY_FACETS_FROM_JOBS_SQL)
    .all()
    .map((r) => line(rowSchema.parse(r)))
    .sort();
}

const totalSchema = rowSchema.omit({ day: true });
const totalLine = (r: z.infer<typeof totalSchema>) =>
  `q${r.query_id} ${r.facet}=${r.value}: ${r.jobs}`;
const totals = (sql: string) =>
  database.sqlite
    .prepare(sql)
    .all()
    .map((r) => totalLine(totalSchema.parse(r)))
    .sort();

/** Both tables hold what the jobs hold: the day facets, and the Market's facets over all days. */
function expectInStep(message?: string): void {
  expect(kept(), message).toEqual(counted());
  expect(totals('SELECT * FROM job_facet_totals WHERE jobs <> 0'), message).toEqual(
    totals(FACET_TOTALS_FROM_JOBS_SQL),
  );
}

const card = (id: string, more: Partial<JobCard> = {}): JobCard => ({
  jobId: id,
  title: 'Data Engineer',
  companyName: 'Acme GmbH',
  companySlug: 'acme',
  location: 'Berlin',
  salary: null,
  postedDate: '2026-11-01',
  postedText: null,
  url: `https://www.linkedin.com/jobs/view/${id}`,
  ...more,
});

/** A run of the `queryIndex`-th saved query in a new batch. */
function runOf(queryIndex: number, now: number): StoredRun {
  const claim = store.claimBatch('manual', now);
  if (!claim.claimed) throw new Error('not claimed');
  let query = store.nextQuery(claim.batch.id);
  for (let i = 0; i < queryIndex && query; i += 1) {
    store.createRun(claim.batch.id, query, now);
    query = store.nextQuery(claim.batch.id);
  }
  if (!query) throw new Error('no such query');
  return store.createRun(claim.batch.id, query, now);
}

function endBatch(run: StoredRun, now: number): void {
  store.finishBatch(run.batch_id, 'completed', null, now);
}

const save = (run: StoredRun, cards: JobCard[], now: number) =>
  store.savePage(run, { start: 0, cards, skippedCards: 0, nextStart: cards.length }, now, ZONE);

const details = (c: JobCard, more: Partial<JobDetails>): JobDetails => ({
  ...detailsOf(c, 'We build pipelines.'),
  ...more,
});

describe('job_day_facets', () => {
  it('counts each change of a job under its first query and day', () => {
    const t1 = Date.parse('2026-11-02T23:30:00Z'); // 3 November in Berlin
    const first = runOf(0, t1);
    const a = card('101', {
      location: 'Berlin (Remote)',
      salary: '€70,000.00/yr - €90,000.00/yr',
    });
    const b = card('102', { companyName: 'Globex' });
    save(first, [a, b], t1);
    endBatch(first, t1);
    expect(kept()).toEqual([
      '2026-11-03 q1 company=acme: 1',
      '2026-11-03 q1 company=globex: 1',
      '2026-11-03 q1 details=none: 2',
      '2026-11-03 q1 kind=kept: 2',
      '2026-11-03 q1 salary:EUR=80000: 1',
      '2026-11-03 q1 state=new: 2',
      '2026-11-03 q1 workplace=remote: 1',
      '2026-11-03 q1 workplace=unknown: 1',
    ]);

    // The operator's triage, and a rule's hiding.
    new JobStates(database.sqlite).setState(102, 'saved');
    database.sqlite
      .prepare(
        `UPDATE jobs SET state = 'hidden', hidden_by_rule_id = 1, state_before_rule = state WHERE id = '101'`,
      )
      .run();
    // The next day, another query finds one of them again (it keeps its first query and day) and
    // a new job, which turns out to repost the first; its details come, and another's fail.
    const t2 = t1 + 86_400_000;
    const second = runOf(1, t2);
    const c = card('103', { companyName: 'Globex', location: 'London' });
    const d = card('104', { companyName: 'Initech', location: 'London' });
    save(second, [b, c, d], t2);
    database.sqlite.prepare(`UPDATE jobs SET repost_of = '102' WHERE id = '103'`).run();
    store.saveDetails(
      second.batch_id,
      details(c, {
        seniority: 'Mid-Senior level',
        employmentType: 'Full-time',
        applicantsText: 'Over 200 applicants',
        salary: '$30.00/hr - $91.00/hr',
        easyApply: true,
      }),
      t2,
    );
    store.saveDetailsError(second.batch_id, '104', 'Job removed');
    endBatch(second, t2);
    expect(kept()).toEqual([
      '2026-11-03 q1 company=acme: 1',
      '2026-11-03 q1 company=globex: 1',
      '2026-11-03 q1 details=none: 2',
      '2026-11-03 q1 kind=kept: 1',
      '2026-11-03 q1 kind=rule_hidden: 1',
      '2026-11-03 q1 salary:EUR=80000: 1',
      '2026-11-03 q1 state=hidden: 1',
      '2026-11-03 q1 state=saved: 1',
      '2026-11-03 q1 workplace=remote: 1',
      '2026-11-03 q1 workplace=unknown: 1',
      '2026-11-04 q2 applicants=200: 1',
      '2026-11-04 q2 company=globex: 1',
      '2026-11-04 q2 company=initech: 1',
      '2026-11-04 q2 details=failed: 1',
      '2026-11-04 q2 details=fetched: 1',
      '2026-11-04 q2 easy_apply=1: 1',
      '2026-11-04 q2 employment_type=Full-time: 1',
      '2026-11-04 q2 kind=kept: 1',
      '2026-11-04 q2 kind=repost: 1',
      // 125,840 a year: a histogram step of 1,000.
      '2026-11-04 q2 salary:USD=126000: 1',
      '2026-11-04 q2 seniority=Mid-Senior level: 1',
      '2026-11-04 q2 state=new: 2',
      '2026-11-04 q2 workplace=unknown: 2',
    ]);
    expectInStep();

    // A job removed (a hand-edit, a test) leaves every facet it was in.
    database.sqlite.exec(`DELETE FROM query_run_jobs WHERE job_id = '103';
      DELETE FROM jobs WHERE id = '103'`);
    expect(kept().filter((l) => l.startsWith('2026-11-04'))).toEqual([
      '2026-11-04 q2 company=initech: 1',
      '2026-11-04 q2 details=failed: 1',
      '2026-11-04 q2 kind=kept: 1',
      '2026-11-04 q2 state=new: 1',
      '2026-11-04 q2 workplace=unknown: 1',
    ]);
    expectInStep();
  });

  it('keeps a job with its first query and day: details with a salary after the card’s keep the card’s', () => {
    const t = Date.parse('2026-11-02T10:00:00Z');
    const run = runOf(0, t);
    const withSalary = card('201', { salary: '£45,000.00/yr - £55,000.00/yr' });
    const without = card('202');
    save(run, [withSalary, without], t);
    store.saveDetails(run.batch_id, details(withSalary, { salary: '$80.00/hr' }), t);
    store.saveDetails(run.batch_id, details(without, { salary: '$80.00/hr' }), t);
    const figures = database.sqlite
      .prepare(
        'SELECT id, salary, salary_currency, salary_yearly, first_query_id, first_seen_day FROM jobs ORDER BY id',
      )
      .all();
    expect(figures).toEqual([
      {
        id: '201',
        salary: '£45,000.00/yr - £55,000.00/yr',
        salary_currency: 'GBP',
        salary_yearly: 50_000,
        first_query_id: 1,
        first_seen_day: '2026-11-02',
      },
      {
        id: '202',
        salary: '$80.00/hr',
        salary_currency: 'USD',
        salary_yearly: 166_400,
        first_query_id: 1,
        first_seen_day: '2026-11-02',
      },
    ]);
    expectInStep();
  });

  it('stays equal to a count over the jobs through a random history', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const companies = ['Acme', 'Globex', 'Initech', ''];
    const places = ['Berlin', 'Berlin (Remote)', 'London (Hybrid)', 'Paris'];
    const salaries = [
      null,
      null,
      '€70,000.00 - €90,000.00',
      '$30.00/hr - $45.00/hr',
      'Competitive',
    ];
    const states = ['new', 'seen', 'saved', 'applied', 'hidden'] as const;
    const ids: string[] = [];
    let clock = Date.parse('2026-10-01T20:00:00Z');
    for (let step = 0; step < 12; step += 1) {
      const run = runOf(step % 2, clock);
      const cards = Array.from({ length: 15 }, (_, i) =>
        card(String(1000 + step * 20 + i), {
          companyName: pick(companies),
          location: pick(places),
          salary: pick(salaries),
        }),
      );
      // Some found again, by the other query on another day.
      const again = ids.slice(-30).filter(() => random() < 0.2);
      save(run, [...cards, ...again.map((id) => card(id))], clock);
      ids.push(...cards.map((c) => c.jobId));
      for (const c of cards.filter(() => random() < 0.6))
        store.saveDetails(
          run.batch_id,
          details(c, {
            seniority: pick(['Entry level', 'Mid-Senior level', null]),
            employmentType: pick(['Full-time', 'Contract', null]),
            applicantsText: pick(['Over 200 applicants', '47 applicants', null]),
            salary: pick(salaries),
            easyApply: random() < 0.5,
          }),
          clock,
        );
      const states_ = new JobStates(database.sqlite);
      for (const id of ids.filter(() => random() < 0.1)) states_.setState(Number(id), pick(states));
      const sqlite = database.sqlite;
      for (const id of ids.filter(() => random() < 0.05))
        sqlite
          .prepare(
            `UPDATE jobs SET state = 'hidden', hidden_by_rule_id = 1, state_before_rule = 'new'
             WHERE id = ? AND state IN ('new','seen')`,
          )
          .run(id);
      // A rule's hiding undone, reposts set and undone, a workplace the site tells later.
      sqlite
        .prepare(
          `UPDATE jobs SET state = COALESCE(state_before_rule, 'new'), hidden_by_rule_id = NULL,
             state_before_rule = NULL WHERE hidden_by_rule_id IS NOT NULL AND rowid % 3 = ?`,
        )
        .run(step % 3);
      for (const id of ids.filter(() => random() < 0.05))
        sqlite
          .prepare('UPDATE jobs SET repost_of = ? WHERE id = ?')
          .run(random() < 0.7 ? pick(ids) : null, id);
      for (const id of ids.filter(() => random() < 0.05))
        sqlite
          .prepare('UPDATE jobs SET workplace = ? WHERE id = ?')
          .run(pick(['remote', null]), id);
      for (const id of ids.filter(() => random() < 0.03))
        store.saveDetailsError(run.batch_id, id, 'Job removed');
      endBatch(run, clock);
      expectInStep(`after step ${step}`);
      clock += Math.floor(random() * 3) * 86_400_000 + 3_600_000;
    }
    expect(counted().length).toBeGreaterThan(100);
  });

  it('counts no job without its first query or day, and moves a job whose first query changes', () => {
    const t = Date.parse('2026-11-02T10:00:00Z');
    const run = runOf(0, t);
    save(run, [card('301'), card('302', { title: 'Analyst' })], t);
    const sqlite = database.sqlite;
    sqlite.prepare(`UPDATE jobs SET first_query_id = NULL WHERE id = '301'`).run();
    expect(kept().filter((l) => l.includes('kind='))).toEqual(['2026-11-02 q1 kind=kept: 1']);
    sqlite.prepare(`UPDATE jobs SET first_query_id = 2 WHERE id IN ('301', '302')`).run();
    expect(kept().filter((l) => l.includes('kind='))).toEqual(['2026-11-02 q2 kind=kept: 2']);
    expectInStep();
  });
});
