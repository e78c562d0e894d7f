import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { normalizeCompanyName } from '../../contract/company-name';
import { JobRuleEffects } from '../../db/jobs/rule-effects';
import { JobStates } from '../../db/jobs/job-states';
import { BatchStore, type ActiveQuery } from '../../runner/batch-store';
import { blockCompany, detailsOf, seedQueries } from '../../runner/runner-test-kit';
import type { JobCard, JobDetails } from '../../scraper';
import { startTestServer, type TestServer } from '../test-harness';

// The Overview's four calls against a history seeded through the runner's own writers (cards,
// details, reposts, rules, triage) over several days in the server's zone (Europe/Berlin): each
// figure checked against what that history holds.

const ZONE = 'Europe/Berlin';
let server: TestServer;
let ids: Record<string, number>;

const at = (iso: string) => Date.parse(iso);
// Berlin is UTC+1 in November: 23:30 UTC on the 7th is already the 8th there.
const DAY_A = at('2026-11-07T23:30:00Z');
const DAY_B = at('2026-11-10T06:00:00Z');
const LONG_AGO = at('2026-10-01T08:00:00Z');
const NOW = at('2026-11-10T10:00:00Z');

const card = (
  id: string,
  title: string,
  company: string,
  location: string,
  salary: string | null = null,
): JobCard => ({
  jobId: id,
  title,
  companyName: company,
  companySlug: null,
  location,
  salary,
  postedDate: '2026-11-01',
  postedText: null,
  url: `https://www.linkedin.com/jobs/view/${id}`,
});

const details = (c: JobCard, more: Partial<JobDetails>): JobDetails => ({
  ...detailsOf(c, `About ${c.title} at ${c.companyName}.`),
  ...more,
});

const J = {
  j0: card('100', 'Old Job', 'Acme', 'Oslo'),
  j1: card('101', 'Data Engineer', 'Acme', 'Berlin (Remote)', '€70,000.00/yr - €90,000.00/yr'),
  j2: card('102', 'Backend Engineer', 'Acme', 'Berlin', '€50,000.00 - €60,000.00'),
  j3: card('103', 'Platform Engineer', 'Globex', 'Berlin (Hybrid)', '$30.00/hr - $45.00/hr'),
  j4: card('104', 'Site Engineer', 'Blocked Co', 'Berlin'),
  j5: card('105', 'Analyst', 'Initech', 'London', '£45,000.00/yr - £55,000.00/yr'),
  j6: card('106', 'Senior Analyst', 'Acme', 'London (Remote)', '$80.00/hr'),
  j7: card('107', 'Archivist', 'Umbrella', 'Rome'),
  // A repost of j2: the same company, title and place.
  j8: card('108', 'Backend Engineer', 'Acme', 'Berlin'),
  j9: card('109', 'Sales Engineer', 'Acme', 'Berlin'),
  j10: card('110', 'Analyst II', 'Globex', 'London'),
  j11: card('111', 'Analyst III', 'Initech', 'London (On-site)'),
};

/** Runs one query in a new batch at `now`, storing `cards` as one page each. */
function runBatch(
  store: BatchStore,
  now: number,
  runs: Array<{ query: ActiveQuery; pages: JobCard[][] }>,
): number {
  const claim = store.claimBatch('manual', now);
  if (!claim.claimed) throw new Error('not claimed');
  for (const { query, pages } of runs) {
    const run = store.createRun(claim.batch.id, query, now);
    let start = 0;
    for (const cards of pages) {
      store.savePage(
        run,
        { start, cards, skippedCards: 0, nextStart: start + cards.length },
        now,
        ZONE,
      );
      start += cards.length;
    }
    store.finishRun(run.id, 'completed', null, now);
  }
  return claim.batch.id;
}

function seed(): Record<string, number> {
  const { sqlite } = server.database;
  const store = new BatchStore(sqlite);
  const [q1, q2, q3, q4, q5] = seedQueries(server.database, [
    { jobTitle: 'Data Engineer', locationId: 1, displayName: 'Berlin' },
    { jobTitle: 'Analyst', locationId: 2, displayName: 'London' },
    { jobTitle: 'Designer', locationId: 3, displayName: 'Paris', status: 'inactive' },
    { jobTitle: 'Archivist', locationId: 4, displayName: 'Rome' },
    { jobTitle: 'Old', locationId: 5, displayName: 'Oslo' },
  ]);
  if (!q1 || !q2 || !q3 || !q4 || !q5) throw new Error('queries not seeded');
  const query = (id: number, title: string, place: string): ActiveQuery => ({
    id,
    job_title: title,
    display_name: place,
    location_id: id,
    is_ai: 0,
  });
  const old = runBatch(store, LONG_AGO, [{ query: query(q5, 'Old', 'Oslo'), pages: [[J.j0]] }]);
  store.finishBatch(old, 'completed', null, LONG_AGO);

  const a = runBatch(store, DAY_A, [
    {
      query: query(q1, 'Data Engineer', 'Berlin'),
      pages: [
        [J.j1, J.j2],
        [J.j3, J.j4],
      ],
    },
    { query: query(q2, 'Analyst', 'London'), pages: [[J.j5, J.j6, J.j1]] },
    { query: query(q4, 'Archivist', 'Rome'), pages: [[J.j7]] },
  ]);
  store.setEnriching(a);
  store.saveDetails(
    a,
    details(J.j1, {
      seniority: 'Mid-Senior level',
      employmentType: 'Full-time',
      applicantsText: 'Over 200 applicants',
      easyApply: true,
    }),
    DAY_A,
  );
  store.saveDetails(
    a,
    details(J.j2, {
      seniority: 'Entry level',
      employmentType: 'Full-time',
      applicantsText: '47 applicants',
    }),
    DAY_A,
  );
  // The card's salary stays; the details' is taken only by a job without one.
  store.saveDetails(
    a,
    details(J.j3, {
      seniority: 'Mid-Senior level',
      employmentType: 'Contract',
      applicantsText: 'Be among the first 25 applicants',
      easyApply: true,
      salary: '$1,000,000/yr',
    }),
    DAY_A,
  );
  store.saveDetailsError(a, J.j4.jobId, 'Job removed');
  store.saveDetails(
    a,
    details(J.j5, {
      seniority: 'Mid-Senior level',
      employmentType: 'Full-time',
      applicantsText: '12 applicants',
    }),
    DAY_A,
  );
  store.saveDetails(a, details(J.j7, { salary: '€40,000.00/yr' }), DAY_A);
  store.finishBatch(a, 'completed', null, DAY_A);

  const b = runBatch(store, DAY_B, [
    { query: query(q1, 'Data Engineer', 'Berlin'), pages: [[J.j8, J.j9]] },
    { query: query(q2, 'Analyst', 'London'), pages: [[J.j10, J.j11]] },
  ]);
  store.saveDetails(
    b,
    details(J.j10, {
      seniority: 'Associate',
      employmentType: 'Full-time',
      applicantsText: '5 applicants',
    }),
    DAY_B,
  );
  store.finishBatch(b, 'completed', null, DAY_B);

  // The operator's triage, a rule's hiding, companies resolved, one of them blocked.
  const states = new JobStates(sqlite);
  states.setState(101, 'saved');
  states.setState(103, 'applied');
  states.setState(105, 'seen');
  states.setState(106, 'hidden');
  sqlite
    .prepare(
      `INSERT INTO rules (id, name, conditions, match, action, position, created_at, updated_at)
    VALUES (1, 'No sales', '[]', 'any', 'hide', 1, 0, 0)`,
    )
    .run();
  new JobRuleEffects(sqlite).hideJob(1, J.j9.jobId);
  store.setCompanyId(normalizeCompanyName('Acme'), 100);
  sqlite
    .prepare(
      `INSERT INTO companies (id, name, normalized_name, updated_at) VALUES (100, 'Acme Corporation', ?, 0)`,
    )
    .run(normalizeCompanyName('Acme'));
  store.setCompanyId(normalizeCompanyName('Blocked Co'), 777);
  blockCompany(server.database, 777, normalizeCompanyName('Blocked Co'));
  sqlite.prepare(`UPDATE queries SET status = 'archived' WHERE id IN (?, ?)`).run(q4, q5);
  return { q1, q2, q3, q4, q5, a, b };
}

const json = z.record(z.string(), z.unknown());
async function get(path: string, token?: string) {
  const res = token
    ? await server.app.inject({
        method: 'GET',
        url: `/api/v1/overview/${path}`,
        headers: { authorization: `Bearer ${token}` },
      })
    : await server.authed({ method: 'GET', url: `/api/v1/overview/${path}` });
  return { status: res.statusCode, body: json.parse(res.json()) };
}

const WEEK = [
  '2026-11-04',
  '2026-11-05',
  '2026-11-06',
  '2026-11-07',
  '2026-11-08',
  '2026-11-09',
  '2026-11-10',
];
/** A week's series with `a` on the 8th and `b` on the 10th. */
const week = (a: number, b: number) => [0, 0, 0, 0, a, 0, b];

beforeAll(async () => {
  server = await startTestServer({ TZ: ZONE });
  ids = seed();
  server.advance(NOW - server.ctx.now());
});
afterAll(async () => {
  await server?.close();
});

describe('GET /overview/new-jobs', () => {
  it('counts each new job once, under the query that stored it first, on its day in the server’s zone', async () => {
    const { status, body } = await get('new-jobs?range=7');
    expect(status).toBe(200);
    expect(body).toEqual({
      range: '7',
      query_id: null,
      days: WEEK,
      // Three queries stored their first jobs on the 8th; the fifth did a month before.
      backfills: week(3, 0),
      series: [
        { query_id: ids.q1, label: 'Data Engineer · Berlin', jobs: week(4, 0) },
        { query_id: ids.q2, label: 'Analyst · London', jobs: week(2, 2) },
        { query_id: ids.q4, label: 'Archivist · Rome', jobs: week(1, 0) },
      ],
      reposts: week(0, 1),
      hidden_by_rules: week(0, 1),
      total: week(7, 4),
    });
  });

  it('takes 30 days by default, and one query when asked', async () => {
    const all = await get('new-jobs');
    expect(all.body.range).toBe('30');
    expect(all.body.days).toHaveLength(30);
    expect(z.array(z.string()).parse(all.body.days)[0]).toBe('2026-10-12');
    const one = await get(`new-jobs?range=7&query=${ids.q1}`);
    expect(one.body).toEqual({
      range: '7',
      query_id: ids.q1,
      days: WEEK,
      backfills: week(1, 0),
      series: [{ query_id: ids.q1, label: 'Data Engineer · Berlin', jobs: week(4, 0) }],
      reposts: week(0, 1),
      hidden_by_rules: week(0, 1),
      total: week(4, 2),
    });
    // A query that found nothing still has its series.
    const none = await get(`new-jobs?range=7&query=${ids.q3}`);
    expect(none.body.series).toEqual([
      { query_id: ids.q3, label: 'Designer · Paris', jobs: week(0, 0) },
    ]);
    expect(none.body.total).toEqual(week(0, 0));
    expect(none.body.backfills).toEqual(week(0, 0));
  });

  it('covers every day from the first run with range=all', async () => {
    const { body } = await get('new-jobs?range=all');
    const days = z.array(z.string()).parse(body.days);
    expect(days[0]).toBe('2026-10-01');
    expect(days).toHaveLength(41);
    expect(days.at(-1)).toBe('2026-11-10');
    const backfills = z.array(z.number()).parse(body.backfills);
    expect([backfills[0], backfills.at(-3), backfills.reduce((a, b) => a + b, 0)]).toEqual([
      1, 3, 4,
    ]);
    expect(
      z
        .array(z.object({ query_id: z.number().nullable() }))
        .parse(body.series)
        .map((s) => s.query_id),
    ).toEqual([ids.q1, ids.q2, ids.q4, ids.q5]);
    const first = await get(`new-jobs?range=all&query=${ids.q4}`);
    expect(z.array(z.string()).parse(first.body.days)[0]).toBe('2026-11-08');
  });
});

describe('GET /overview/searches', () => {
  it('gives each query not archived, or that ran in the range, its found, new, kept and requests', async () => {
    const { status, body } = await get('searches?range=7');
    expect(status).toBe(200);
    const lastRunAt = (ms: number) => new Date(ms).toISOString();
    expect(body.searches).toEqual([
      {
        query_id: ids.q1,
        job_title: 'Data Engineer',
        location: 'Berlin',
        is_ai: false,
        query_status: 'active',
        // Two pages of two in batch A, one of two in batch B.
        jobs_found: 6,
        unique_jobs_found: 6,
        new_last_run: 2,
        new_in_range: 6,
        // One of six hidden (by a rule).
        kept_share: 1 - 1 / 6,
        // Three result pages, and the details of j1-j3 and j4's failed request.
        site_requests: 7,
        requests_per_new_job: 7 / 6,
        last_run_status: 'completed',
        last_run_at: lastRunAt(DAY_B),
        daily_new: week(4, 2),
        saved_in_range: 0,
        applied_in_range: 0,
        screening_in_range: 0,
        backfill_day: '2026-11-08',
      },
      {
        query_id: ids.q2,
        job_title: 'Analyst',
        location: 'London',
        is_ai: false,
        query_status: 'active',
        // j1 again counts as found, not as new.
        jobs_found: 5,
        unique_jobs_found: 5,
        new_last_run: 2,
        new_in_range: 4,
        kept_share: 0.75,
        site_requests: 4,
        requests_per_new_job: 1,
        last_run_status: 'completed',
        last_run_at: lastRunAt(DAY_B),
        daily_new: week(2, 2),
        saved_in_range: 0,
        applied_in_range: 0,
        screening_in_range: 0,
        backfill_day: '2026-11-08',
      },
      {
        query_id: ids.q3,
        job_title: 'Designer',
        location: 'Paris',
        is_ai: false,
        query_status: 'inactive',
        jobs_found: 0,
        unique_jobs_found: 0,
        new_last_run: null,
        new_in_range: 0,
        kept_share: null,
        site_requests: 0,
        requests_per_new_job: null,
        last_run_status: null,
        last_run_at: null,
        daily_new: week(0, 0),
        saved_in_range: 0,
        applied_in_range: 0,
        screening_in_range: 0,
        backfill_day: null,
      },
      {
        query_id: ids.q4,
        job_title: 'Archivist',
        location: 'Rome',
        is_ai: false,
        query_status: 'archived',
        jobs_found: 1,
        unique_jobs_found: 1,
        new_last_run: 1,
        new_in_range: 1,
        kept_share: 1,
        site_requests: 2,
        requests_per_new_job: 2,
        last_run_status: 'completed',
        last_run_at: lastRunAt(DAY_A),
        daily_new: week(1, 0),
        saved_in_range: 0,
        applied_in_range: 0,
        screening_in_range: 0,
        backfill_day: '2026-11-08',
      },
    ]);
  });

  it('lists an archived query whose run is in a longer range, and one query when asked', async () => {
    const all = await get('searches?range=all');
    const rows = z
      .array(z.object({ query_id: z.number(), jobs_found: z.number() }))
      .parse(all.body.searches);
    expect(rows.map((r) => r.query_id)).toEqual([ids.q1, ids.q2, ids.q3, ids.q4, ids.q5]);
    expect(rows.find((r) => r.query_id === ids.q5)?.jobs_found).toBe(1);
    // Every day's sightings are not counted again one by one (issue 39): 7 and 30 days' are.
    expect(
      z.array(z.object({ unique_jobs_found: z.null() })).parse(all.body.searches),
    ).toHaveLength(5);
    const one = await get(`searches?range=7&query=${ids.q2}`);
    expect(one.body.searches).toEqual([
      expect.objectContaining({ query_id: ids.q2, jobs_found: 5, new_in_range: 4 }),
    ]);
  });
});

describe('GET /overview/market', () => {
  it('names the top companies, the workplace per day, salaries per currency and the details’ mix', async () => {
    const { status, body } = await get('market?range=7');
    expect(status).toBe(200);
    expect(body).toEqual({
      range: '7',
      query_id: null,
      days: WEEK,
      backfills: week(3, 0),
      companies: [
        {
          name: 'Acme Corporation',
          normalized_name: normalizeCompanyName('Acme'),
          company_id: 100,
          jobs: 5,
          blocked: false,
        },
        {
          name: 'Globex',
          normalized_name: normalizeCompanyName('Globex'),
          company_id: null,
          jobs: 2,
          blocked: false,
        },
        {
          name: 'Initech',
          normalized_name: normalizeCompanyName('Initech'),
          company_id: null,
          jobs: 2,
          blocked: false,
        },
        {
          name: 'Blocked Co',
          normalized_name: normalizeCompanyName('Blocked Co'),
          company_id: 777,
          jobs: 1,
          blocked: true,
        },
        {
          name: 'Umbrella',
          normalized_name: normalizeCompanyName('Umbrella'),
          company_id: null,
          jobs: 1,
          blocked: false,
        },
      ],
      workplace: {
        remote: week(2, 0),
        hybrid: week(1, 0),
        'on-site': week(0, 1),
        unknown: week(4, 3),
      },
      salaries: [
        // 40,000 (j7, from its details), 55,000 (j2, no period: a year), 80,000 (j1).
        { currency: 'EUR', jobs: 3, p25: 47_500, median: 55_000, p75: 67_500 },
        // 78,000 (j3: $37.50 an hour) and 166,000 (j6: $80 an hour, to the 1,000).
        { currency: 'USD', jobs: 2, p25: 100_000, median: 122_000, p75: 144_000 },
        { currency: 'GBP', jobs: 1, p25: 50_000, median: 50_000, p75: 50_000 },
      ],
      seniority: [
        { value: 'Mid-Senior level', jobs: 3 },
        { value: 'Associate', jobs: 1 },
        { value: 'Entry level', jobs: 1 },
      ],
      employment_types: [
        { value: 'Full-time', jobs: 4 },
        { value: 'Contract', jobs: 1 },
      ],
      easy_apply: { jobs: 6, easy_apply: 2 },
      // 5, 12, 25, 47 and 200 ("Over 200").
      applicants: { jobs: 5, median: 25 },
    });
  });

  it('counts every day’s jobs with range=all, the old batch’s too', async () => {
    const { body } = await get('market?range=all');
    const acme = { normalized_name: normalizeCompanyName('Acme'), company_id: 100 };
    expect(body).toMatchObject({
      // j0, a month before, is Acme's sixth.
      companies: [
        { ...acme, name: 'Acme Corporation', jobs: 6, blocked: false },
        { name: 'Globex', jobs: 2 },
        { name: 'Initech', jobs: 2 },
        { name: 'Blocked Co', jobs: 1, blocked: true },
        { name: 'Umbrella', jobs: 1 },
      ],
      salaries: [
        { currency: 'EUR', jobs: 3, median: 55_000 },
        { currency: 'USD', jobs: 2, median: 122_000 },
        { currency: 'GBP', jobs: 1, median: 50_000 },
      ],
      easy_apply: { jobs: 6, easy_apply: 2 },
      applicants: { jobs: 5, median: 25 },
    });
    const workplace = z.object({ unknown: z.array(z.number()) }).parse(body.workplace);
    expect(workplace.unknown).toHaveLength(41);
    expect(workplace.unknown[0]).toBe(1);
    const old = await get(`market?range=all&query=${ids.q5}`);
    expect(old.body).toMatchObject({
      companies: [{ ...acme, jobs: 1 }],
      salaries: [],
      seniority: [],
      applicants: { jobs: 0, median: null },
    });
  });

  it('reads one query’s jobs only, and gives no median without applicants', async () => {
    const { body } = await get(`market?range=7&query=${ids.q4}`);
    expect(body).toMatchObject({
      companies: [{ name: 'Umbrella', jobs: 1 }],
      salaries: [{ currency: 'EUR', jobs: 1, p25: 40_000, median: 40_000, p75: 40_000 }],
      seniority: [],
      easy_apply: { jobs: 1, easy_apply: 0 },
      applicants: { jobs: 0, median: null },
    });
  });
});

describe('GET /overview/triage', () => {
  it('counts the new jobs that reached each stage, hidden apart', async () => {
    const { status, body } = await get('triage?range=7');
    expect(status).toBe(200);
    expect(body).toEqual({
      range: '7',
      query_id: null,
      days: WEEK,
      backfills: week(3, 0),
      stages: [
        { stage: 'found', jobs: 11 },
        { stage: 'seen', jobs: 3 },
        { stage: 'saved', jobs: 2 },
        { stage: 'applied', jobs: 1 },
      ],
      hidden: 2,
    });
    const all = await get('triage?range=all');
    expect(all.body.stages).toContainEqual({ stage: 'found', jobs: 12 });
    const one = await get(`triage?range=7&query=${ids.q1}`);
    expect(one.body.stages).toEqual([
      { stage: 'found', jobs: 6 },
      { stage: 'seen', jobs: 2 },
      { stage: 'saved', jobs: 2 },
      { stage: 'applied', jobs: 1 },
    ]);
    expect(one.body.hidden).toBe(1);
  });

  it('answers a read-only API token', async () => {
    const created = await server.authed({
      method: 'POST',
      url: '/api/v1/api-tokens',
      payload: { name: 'dashboards', scope: 'read-only' },
    });
    expect(created.statusCode).toBe(201);
    const { token } = z.object({ token: z.string() }).parse(created.json());
    for (const path of ['headlines', 'new-jobs', 'searches', 'market', 'triage'])
      expect((await get(path, token)).status, path).toBe(200);
  });
});

describe('bad requests', () => {
  it.each([
    ['triage?range=14', 400, 'range must be one of 7, 30, 90, all'],
    ['market?query=abc', 400, 'query must be a saved query’s id (a positive integer)'],
    ['searches?query=1&query=2', 400, 'query must be given once, as text'],
    ['new-jobs?days=7', 400, 'unknown parameter days; known: range, query'],
    ['new-jobs?query=999', 404, 'Query not found'],
    ['headlines?range=14', 400, 'range must be one of 7, 30, 90, all'],
    ['headlines?query=999', 404, 'Query not found'],
    ['searches?range=7&query=999', 404, 'Query not found'],
  ])('%s → %i', async (path, status, error) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error });
  });
});
