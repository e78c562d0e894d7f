import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openDatabase } from './database';
import { DAY_FACETS_FROM_JOBS_SQL, FACET_TOTALS_FROM_JOBS_SQL } from './jobs/day-facets';
import { databaseBefore, migrationFolder } from './migration-test-kit';

// Migration 0018 (docs/decisions/055) on a database that already holds jobs, as an upgraded
// install has them: each job's first query, first day, salary figures and applicants are filled
// in from what is stored, and the Overview's facets counted from them.

const { dir, file } = migrationFolder('jobscout-0018-');
// vi.stubEnv puts TZ back as it was, unset included: `process.env.TZ = undefined` would leave the
// string "undefined" for the files after this one when they share the process (isolate: false).
afterEach(() => {
  vi.unstubAllEnvs();
});

const HISTORY_SQL = `
  INSERT INTO queries (id, job_title, location_id, display_name, status, created_at, updated_at) VALUES
    (1, 'Data Engineer', 1, 'Berlin', 'active', 0, 0),
    (2, 'Analyst', 2, 'London', 'active', 0, 0);
  INSERT INTO batches (id, kind, status, started_at) VALUES
    (1, 'manual', 'completed', 100), (2, 'daily', 'completed', 200);
  INSERT INTO query_runs (id, batch_id, query_id, job_title, location, location_id, is_ai, status, start_time) VALUES
    (1, 1, 2, 'Analyst', 'London', 2, 0, 'completed', 100),
    (2, 1, 1, 'Data Engineer', 'Berlin', 1, 0, 'completed', 100),
    (3, 2, 1, 'Data Engineer', 'Berlin', 1, 0, 'completed', 200);
`;

// 22:59 and 23:00 UTC on 2 November are 23:59 on the 2nd and 00:00 on the 3rd in Berlin.
const LATE = Date.parse('2026-11-02T22:59:00Z');
const MIDNIGHT = Date.parse('2026-11-02T23:00:00Z');

const jobs: Array<{
  id: string;
  batch: number;
  at: number;
  salary: string | null;
  applicants: string | null;
  links: number[];
  more?: string;
}> = [
  // Linked by both runs of its first batch: the lower run's query (2) counts it.
  {
    id: '1',
    batch: 1,
    at: LATE,
    salary: '€70,000.00 - €90,000.00',
    applicants: null,
    links: [2, 1],
  },
  {
    id: '2',
    batch: 1,
    at: MIDNIGHT,
    salary: '$30.00/hr - $91.00/hr',
    applicants: 'Over 200 applicants',
    links: [2],
  },
  // First seen by batch 2, linked again by it and before by batch 1's run: batch 2's counts.
  {
    id: '3',
    batch: 2,
    at: MIDNIGHT + 86_400_000,
    salary: 'Competitive',
    applicants: '47 applicants',
    links: [1, 3],
  },
  // Stored without a link (a hand-made row): no first query, counted nowhere.
  {
    id: '4',
    batch: 2,
    at: MIDNIGHT,
    salary: null,
    applicants: 'Be among the first 25 applicants',
    links: [],
  },
];

async function databaseBefore0018(): Promise<void> {
  const { sqlite, close } = await databaseBefore(file(), '0018');
  sqlite.exec(HISTORY_SQL);
  const insert = sqlite.prepare(
    `INSERT INTO jobs (id, title, company_name, company_normalized, location, url, salary, applicants,
       first_seen_batch_id, first_seen_at, workplace, state, details_fetched_at, seniority)
     VALUES (@id, 'Data Engineer', 'Acme', 'acme', 'Berlin', 'u', @salary, @applicants, @batch, @at,
       @workplace, @state, @fetched, @seniority)`,
  );
  const link = sqlite.prepare(
    'INSERT INTO query_run_jobs (query_run_id, job_id, rank) VALUES (?, ?, 1)',
  );
  for (const job of jobs) {
    const n = Number(job.id);
    insert.run({
      id: job.id,
      salary: job.salary,
      applicants: job.applicants,
      batch: job.batch,
      at: job.at,
      workplace: n === 1 ? 'remote' : null,
      state: n === 3 ? 'saved' : 'new',
      fetched: job.applicants === null ? null : job.at,
      seniority: job.applicants === null ? null : 'Entry level',
    });
    for (const run of job.links) link.run(run, job.id);
  }
  await close();
}

const lines = (rows: unknown[]) =>
  rows
    .map((raw) => {
      const r = z
        .object({
          day: z.string(),
          query_id: z.number(),
          facet: z.string(),
          value: z.string(),
          jobs: z.number(),
        })
        .parse(raw);
      return `${r.day} q${r.query_id} ${r.facet}=${r.value}: ${r.jobs}`;
    })
    .sort();

describe('migration 0018-overview-aggregates', () => {
  it('fills each job’s first query, day (in the process’s zone), salary and applicants, and counts them', async () => {
    await databaseBefore0018();
    vi.stubEnv('TZ', 'Europe/Berlin');
    const { sqlite, close } = await openDatabase(dir());
    try {
      expect(
        sqlite
          .prepare(
            `SELECT id, first_query_id, first_seen_day, salary_currency, salary_yearly, applicants_count
             FROM jobs ORDER BY id`,
          )
          .all(),
      ).toEqual([
        {
          id: '1',
          first_query_id: 2,
          first_seen_day: '2026-11-02',
          salary_currency: 'EUR',
          salary_yearly: 80_000,
          applicants_count: null,
        },
        {
          id: '2',
          first_query_id: 1,
          first_seen_day: '2026-11-03',
          salary_currency: 'USD',
          salary_yearly: 125_840,
          applicants_count: 200,
        },
        {
          id: '3',
          first_query_id: 1,
          first_seen_day: '2026-11-04',
          salary_currency: null,
          salary_yearly: null,
          applicants_count: 47,
        },
        {
          id: '4',
          first_query_id: null,
          first_seen_day: '2026-11-03',
          salary_currency: null,
          salary_yearly: null,
          applicants_count: 25,
        },
      ]);
      const facets = lines(sqlite.prepare('SELECT * FROM job_day_facets').all());
      expect(facets).toEqual(lines(sqlite.prepare(DAY_FACETS_FROM_JOBS_SQL).all()));
      expect(facets).toEqual([
        '2026-11-02 q2 company=acme: 1',
        '2026-11-02 q2 details=none: 1',
        '2026-11-02 q2 kind=kept: 1',
        '2026-11-02 q2 salary:EUR=80000: 1',
        '2026-11-02 q2 state=new: 1',
        '2026-11-02 q2 workplace=remote: 1',
        '2026-11-03 q1 applicants=200: 1',
        '2026-11-03 q1 company=acme: 1',
        '2026-11-03 q1 details=fetched: 1',
        '2026-11-03 q1 kind=kept: 1',
        '2026-11-03 q1 salary:USD=126000: 1',
        '2026-11-03 q1 seniority=Entry level: 1',
        '2026-11-03 q1 state=new: 1',
        '2026-11-03 q1 workplace=unknown: 1',
        '2026-11-04 q1 applicants=47: 1',
        '2026-11-04 q1 company=acme: 1',
        '2026-11-04 q1 details=fetched: 1',
        '2026-11-04 q1 kind=kept: 1',
        '2026-11-04 q1 seniority=Entry level: 1',
        '2026-11-04 q1 state=saved: 1',
        '2026-11-04 q1 workplace=unknown: 1',
      ]);
      const totals = sqlite.prepare(
        'SELECT * FROM job_facet_totals ORDER BY facet, query_id, value',
      );
      expect(totals.all()).toEqual(
        sqlite.prepare(`${FACET_TOTALS_FROM_JOBS_SQL} ORDER BY facet, query_id, value`).all(),
      );
      expect(totals.all()).toEqual([
        { facet: 'applicants', query_id: 1, value: '200', jobs: 1 },
        { facet: 'applicants', query_id: 1, value: '47', jobs: 1 },
        { facet: 'company', query_id: 1, value: 'acme', jobs: 2 },
        { facet: 'company', query_id: 2, value: 'acme', jobs: 1 },
        { facet: 'salary:EUR', query_id: 2, value: '80000', jobs: 1 },
        { facet: 'salary:USD', query_id: 1, value: '126000', jobs: 1 },
        { facet: 'seniority', query_id: 1, value: 'Entry level', jobs: 2 },
      ]);
      // The triggers keep them from now on.
      sqlite.prepare(`UPDATE jobs SET state = 'applied' WHERE id = '3'`).run();
      expect(lines(sqlite.prepare('SELECT * FROM job_day_facets WHERE jobs > 0').all())).toEqual(
        lines(sqlite.prepare(DAY_FACETS_FROM_JOBS_SQL).all()),
      );
      expect(
        sqlite
          .prepare(`SELECT name FROM sqlite_master WHERE name = 'jobs_first_query'`)
          .pluck()
          .get(),
      ).toBe('jobs_first_query');
    } finally {
      await close();
    }
  });

  it('runs on a new database too', async () => {
    const { sqlite, close } = await openDatabase(dir());
    try {
      expect(sqlite.prepare('SELECT COUNT(*) FROM job_day_facets').pluck().get()).toBe(0);
      expect(
        sqlite
          .prepare(
            `SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'job_day_facets%'`,
          )
          .pluck()
          .get(),
        // 0018's 23, and 0025's two for the fit band (issue 40).
      ).toBe(25);
    } finally {
      await close();
    }
  });
});
