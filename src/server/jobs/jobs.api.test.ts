import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  APPLICATION_STAGES,
  jobDetailSchema,
  jobListSchema,
  JOBS_TOTAL_CAP,
  XLSX_MIME_TYPE,
  type JobList,
} from '../../contract';
import { startTestServer, type TestServer } from '../test-harness';

// The jobs API on a real server and SQLite file. Jobs are stored with the runner's own columns
// straight into the database, so each filter and order can be checked against known rows.

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const T0 = Date.parse('2026-11-01T08:00:00Z');

interface SeedJob {
  id: number;
  title?: string;
  company?: string;
  companyId?: number | null;
  location?: string;
  posted?: string | null;
  salary?: string | null;
  easyApply?: number | null;
  description?: string | null;
  batch?: number;
  firstSeen?: number;
  workplace?: string | null;
  state?: string;
}

function seed(jobs: SeedJob[], runs: Record<number, number[]> = {}) {
  const db = server.database.sqlite;
  db.exec(`INSERT OR IGNORE INTO queries (id, job_title, location_id, display_name, status, created_at, updated_at)
           VALUES (1, 'Data Engineer', 1, 'Berlin, Germany', 'active', 0, 0),
                  (2, 'Data Analyst', 2, 'Paris, France', 'active', 0, 0)`);
  db.exec(`INSERT OR IGNORE INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 0),
           (2, 'manual', 'completed', 1)`);
  db.exec(`INSERT OR IGNORE INTO query_runs (id, batch_id, query_id, job_title, location, location_id, is_ai, status, start_time)
           VALUES (1, 1, 1, 'Data Engineer', 'Berlin, Germany', 1, 0, 'completed', 0),
                  (2, 1, 2, 'Data Analyst', 'Paris, France', 2, 0, 'completed', 0),
                  (3, 2, 1, 'Data Engineer', 'Berlin, Germany', 1, 0, 'completed', 1)`);
  const insert =
    db.prepare(`INSERT INTO jobs (id, title, company_name, company_normalized, company_id, location,
      posted_at, salary, url, easy_apply, first_seen_batch_id, first_seen_at, last_seen_at, workplace, state)
    VALUES (@id, @title, @company, lower(@company), @companyId, @location, @posted, @salary, @url, @easyApply,
      @batch, @firstSeen, @firstSeen, @workplace, @state)`);
  const addDescription = db.prepare(
    'INSERT INTO job_descriptions (job_id, description) VALUES (?, ?)',
  );
  for (const j of jobs) {
    insert.run({
      id: String(j.id),
      title: j.title ?? `Job ${j.id}`,
      company: j.company ?? `Company ${j.id}`,
      companyId: j.companyId === undefined ? 1000 + j.id : j.companyId,
      location: j.location ?? 'Berlin, Germany',
      posted: j.posted === undefined ? '2026-10-30' : j.posted,
      salary: j.salary ?? null,
      url: `https://www.linkedin.com/jobs/view/${j.id}`,
      easyApply: j.easyApply === undefined ? 0 : j.easyApply,
      batch: j.batch ?? 1,
      firstSeen: j.firstSeen ?? T0 + j.id,
      workplace: j.workplace ?? null,
      state: j.state ?? 'new',
    });
    if (j.description !== undefined) addDescription.run(String(j.id), j.description);
  }
  const link = db.prepare(
    'INSERT INTO query_run_jobs (query_run_id, job_id, rank) VALUES (?, ?, ?)',
  );
  for (const [run, ids] of Object.entries(runs)) {
    ids.forEach((id, i) => link.run(Number(run), String(id), i + 1));
  }
}

async function list(query = ''): Promise<JobList> {
  const res = await server.authed({ method: 'GET', url: `/api/v1/jobs${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return jobListSchema.parse(res.json());
}

async function ids(query = ''): Promise<number[]> {
  return (await list(query)).items.map((j) => j.id);
}

/** Every page of a list, following next_cursor. */
async function allPages(query: string, limit: number): Promise<number[]> {
  const seen: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const sep = query ? '&' : '?';
    const page = await list(
      `${query}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    seen.push(...page.items.map((j) => j.id));
    cursor = page.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error('the list never ended');
}

async function error(
  url: string,
  init: { method?: 'GET' | 'PATCH' | 'POST'; payload?: object } = {},
) {
  const res = await server.authed({ method: init.method ?? 'GET', url, payload: init.payload });
  return { status: res.statusCode, error: res.json<{ error?: string }>().error };
}

describe('GET /jobs', () => {
  it('needs the bearer token', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/jobs' });
    expect(res.statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/jobs/1' })).statusCode).toBe(
      401,
    );
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/v1/jobs/export' })).statusCode,
    ).toBe(401);
  });

  it('lists newest first, with what the screen shows per row', async () => {
    seed(
      [
        { id: 11, firstSeen: T0, posted: '2026-10-01', salary: '€50k', easyApply: 1 },
        { id: 12, firstSeen: T0 + 5, posted: null, companyId: null, location: '' },
        { id: 13, firstSeen: T0 + 5, posted: '2026-10-20' },
      ],
      { 1: [11, 12], 2: [11], 3: [11] },
    );
    const page = await list();
    expect(page.items.map((j) => j.id)).toEqual([13, 12, 11]);
    expect(page.total).toBe(3);
    expect(page.total_capped).toBe(false);
    expect(page.next_cursor).toBeNull();
    expect(page.items[2]).toEqual({
      id: 11,
      title: 'Job 11',
      company_name: 'Company 11',
      company_id: 1011,
      location: 'Berlin, Germany',
      posted_at: '2026-10-01',
      salary: '€50k',
      easy_apply: true,
      applicants: null,
      workplace: null,
      search_terms: ['Data Engineer', 'Data Analyst'],
      state: 'new',
      first_seen_at: new Date(T0).toISOString(),
      url: 'https://www.linkedin.com/jobs/view/11',
      repost: null,
      group: null,
      flags: [],
      hidden_by_rule: null,
      muted_by_rule: null,
      pipeline_stage: null,
      closed_at: null,
      apply_url: null,
      // Issue 40: no fit profile, no fit.
      fit: null,
    });
    expect(page.items[1]).toMatchObject({ company_id: null, location: null, posted_at: null });
  });

  it('filters by batch, run, new in batch, posted, workplace, Easy Apply, salary and company', async () => {
    const now = server.ctx.now(); // 2026-11-02T08:00Z
    const day = (n: number) => new Date(now - n * 86_400_000).toISOString().slice(0, 10);
    seed(
      [
        { id: 1, posted: day(0), workplace: 'remote', easyApply: 1, company: 'Acme GmbH' },
        { id: 2, posted: day(3), workplace: 'hybrid', salary: '€60k', company: 'Acme' },
        { id: 3, posted: day(20), workplace: 'on-site', batch: 2, company: 'Globex' },
        { id: 4, posted: day(90), salary: '', batch: 2, company: 'Initech' },
      ],
      { 1: [1, 2], 2: [2], 3: [3, 4, 1] },
    );
    expect(await ids('?batch=1')).toEqual([2, 1]);
    expect(await ids('?batch=2')).toEqual([4, 3, 1]);
    expect(await ids('?run=2')).toEqual([2]);
    // Issue 32: every run of a saved query (runs 1 and 3 are query 1's, run 2 query 2's).
    expect(await ids('?query=1')).toEqual([4, 3, 2, 1]);
    expect(await ids('?query=2')).toEqual([2]);
    expect(await ids('?query=2&batch=2')).toEqual([]);
    expect(await ids('?query=3')).toEqual([]);
    expect(await ids('?new_in_batch=2')).toEqual([4, 3]);
    expect(await ids('?posted=24h')).toEqual([1]);
    expect(await ids('?posted=7d')).toEqual([2, 1]);
    expect(await ids('?posted=30d')).toEqual([3, 2, 1]);
    expect(await ids('?workplace=remote,hybrid')).toEqual([2, 1]);
    expect(await ids('?workplace=on-site')).toEqual([3]);
    expect(await ids('?easy_apply=true')).toEqual([1]);
    expect(await ids('?easy_apply=false')).toEqual([4, 3, 2, 1]);
    expect(await ids('?has_salary=true')).toEqual([2]);
    expect(await ids('?company=acme')).toEqual([2, 1]);
    expect(await ids('?company=ACME%20gmbh')).toEqual([2, 1]);
    expect(await ids('?company=glob')).toEqual([3]);
    expect(await ids('?batch=2&workplace=remote')).toEqual([1]);
    const filtered = await list('?batch=1&posted=7d');
    expect(filtered.total).toBe(2);
  });

  it('shows every state but hidden by default, and any chosen states', async () => {
    seed([
      { id: 1, state: 'new' },
      { id: 2, state: 'seen' },
      { id: 3, state: 'saved' },
      { id: 4, state: 'applied' },
      { id: 5, state: 'hidden' },
    ]);
    expect(await ids()).toEqual([4, 3, 2, 1]);
    expect(await ids('?state=hidden')).toEqual([5]);
    expect(await ids('?state=saved,applied')).toEqual([4, 3]);
    expect(await ids('?state=new,seen,saved,applied,hidden')).toEqual([5, 4, 3, 2, 1]);
  });

  it("leaves blocked companies' jobs out, by id or by name when the id is unknown", async () => {
    seed([
      { id: 1, companyId: 77, company: 'Blocked Co' },
      { id: 2, companyId: null, company: 'Blocked Co' },
      { id: 3, companyId: null, company: 'Fine Co' },
      { id: 4, companyId: 78 },
    ]);
    server.database.sqlite.exec(
      `INSERT INTO banned_companies (id, normalized_name, created_at) VALUES (77, 'blocked co', 0)`,
    );
    expect(await ids()).toEqual([4, 3]);
    expect((await list()).total).toBe(2);
    const blocked = jobDetailSchema.parse(
      (await server.authed({ method: 'GET', url: '/api/v1/jobs/1' })).json(),
    );
    expect(blocked.company_blocked).toBe(true);
  });

  it('searches title, company, location and description as word prefixes, ranked by bm25', async () => {
    seed([
      { id: 1, title: 'Barista', description: 'Coffee. Some data entry, data data data.' },
      { id: 2, title: 'Senior Data Engineer', description: 'Spark and Kafka pipelines.' },
      { id: 3, title: 'Cook', location: 'Engen, Germany' },
      { id: 4, title: 'Analyst', company: 'Engineering Partners' },
      { id: 5, title: 'Café Manager', description: 'Naïve résumé welcome' },
      { id: 6, title: 'Waiter', description: 'Engineering-minded people welcome.' },
    ]);
    // The title weighs more than a description that repeats the word, and the company more than
    // the description: the opposite of the id order, which ties would fall back to.
    expect(await ids('?q=data&sort=relevance')).toEqual([2, 1]);
    expect(await ids('?q=engin&sort=relevance')).toEqual([2, 4, 6]);
    expect(await ids('?q=engen')).toEqual([3]);
    expect(await ids('?q=kafka%20senior')).toEqual([2]);
    // Only the last word is a word start (it may still be typed): earlier ones are whole words.
    expect(await ids('?q=senior%20engin')).toEqual([2]);
    expect(await ids('?q=engin%20senior')).toEqual([]);
    expect(await ids('?q=cafe')).toEqual([5]);
    expect(await ids('?q=RESUME%20naive')).toEqual([5]);
    expect(await ids('?q=data&sort=newest')).toEqual([2, 1]);
    expect(await ids('?q=engin')).toEqual([6, 4, 2]);
    expect(await ids('?q=data&sort=posted')).toEqual([2, 1]);
    // Relevance needs words: without q it is the newest order (docs/decisions/015).
    expect(await ids('?sort=relevance')).toEqual([6, 5, 4, 3, 2, 1]);
    expect((await list('?q=data')).total).toBe(2);
  });

  it('pages by relevance past best matches the filters drop, each job once, in rank order', async () => {
    // 230 jobs with the word in the title (the best ranked), all hidden or blocked, and 40 with
    // it only in the description, ranked by how often it occurs there: the list must reach past
    // the index's best matches to the ones the filters keep.
    const jobs: SeedJob[] = [];
    for (let i = 1; i <= 230; i += 1) {
      jobs.push({
        id: i,
        title: `Python Developer ${i}`,
        ...(i % 2 ? { state: 'hidden' } : { company: 'Blocked Co', companyId: 77 }),
      });
    }
    for (let i = 1; i <= 40; i += 1) {
      jobs.push({ id: 1000 + i, title: 'Analyst', description: 'python '.repeat(i) + 'and SQL' });
    }
    seed(jobs);
    server.database.sqlite.exec(
      `INSERT INTO banned_companies (id, normalized_name, created_at) VALUES (77, 'blocked co', 0)`,
    );
    const expected = Array.from({ length: 40 }, (_, i) => 1040 - i);
    expect(await ids('?q=python&sort=relevance&limit=3')).toEqual(expected.slice(0, 3));
    expect(await allPages('?q=python&sort=relevance', 7)).toEqual(expected);
    // The hidden ones are there when asked for, still best first.
    const withHidden = await allPages('?q=python&sort=relevance&state=new,hidden', 50);
    expect(withHidden).toHaveLength(115 + 40);
    expect(withHidden.slice(-40)).toEqual(expected);
  });

  it('reads FTS5 syntax, emoji and 500 characters of text as plain words, never as a query', async () => {
    seed([
      { id: 1, title: 'Data Engineer (remote)', description: 'NEAR the office; OR not' },
      { id: 2, title: 'Data Analyst' },
    ]);
    const cases: Array<[string, number[]]> = [
      ['"data', [2, 1]],
      ['data"', [2, 1]],
      ['"data engineer"', [1]],
      ['data*', [2, 1]],
      ['*', []],
      ['-analyst', [2]],
      ['data -analyst', [2]],
      ['data OR nothing', []],
      ['NEAR(data engineer)', [1]],
      ['data AND', []],
      ['(data', [2, 1]],
      ['data)', [2, 1]],
      ['title:data', []],
      ['{title}: data', []],
      ['^data', [2, 1]],
      ['data + engineer', [1]],
      ['🙂', []],
      ['data 🙂', [2, 1]],
      ["'; DROP TABLE jobs; --", []],
      ['\u0000data', [2, 1]],
    ];
    for (const [q, expected] of cases) {
      const res = await server.authed({
        method: 'GET',
        url: `/api/v1/jobs?q=${encodeURIComponent(q)}&sort=newest`,
      });
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
      expect(
        jobListSchema.parse(res.json()).items.map((j) => j.id),
        q,
      ).toEqual(expected);
    }
    const long = 'data '.repeat(100);
    expect(await ids(`?sort=newest&q=${encodeURIComponent(long)}`)).toEqual([2, 1]);
    const tooLong = await error(`/api/v1/jobs?q=${'x'.repeat(10_000)}`);
    expect(tooLong).toEqual({ status: 400, error: 'q must be at most 500 characters' });
  });

  it('refuses unknown parameters and values with a clear error', async () => {
    const bad: Array<[string, string | RegExp]> = [
      ['?colour=red', /^unknown parameter colour; known: q, batch/],
      ['?posted=1y', 'posted must be one of 24h, 7d, 30d'],
      ['?workplace=moon', 'workplace must be a comma-separated list of: remote, hybrid, on-site'],
      ['?state=done', /^state must be a comma-separated list of/],
      ['?sort=oldest', 'sort must be one of newest, posted, relevance, fit'],
      ['?limit=0', 'limit must be an integer from 1 to 100'],
      ['?limit=101', 'limit must be an integer from 1 to 100'],
      ['?batch=abc', 'batch must be a positive integer'],
      ['?run=-1', 'run must be a positive integer'],
      ['?query=abc', 'query must be a positive integer'],
      ['?easy_apply=1', 'easy_apply must be true or false'],
      ['?batch=1&batch=2', 'batch must be given once, as text'],
    ];
    for (const [query, message] of bad) {
      const res = await error(`/api/v1/jobs${query}`);
      expect(res.status, query).toBe(400);
      if (typeof message === 'string') expect(res.error, query).toBe(message);
      else expect(res.error, query).toMatch(message);
    }
  });
});

describe('paging', () => {
  // 23 jobs with many ties: first seen in 4 groups, posted days repeating, one without a date.
  const jobs: SeedJob[] = Array.from({ length: 23 }, (_, i) => ({
    id: 100 + i,
    firstSeen: T0 + (i % 4) * 1000,
    posted: i === 7 ? null : `2026-10-${String(10 + (i % 5)).padStart(2, '0')}`,
    title: i % 3 === 0 ? 'Data Engineer' : i % 3 === 1 ? 'Data Analyst data' : 'Data',
    description: 'data '.repeat(i % 4),
  }));

  it.each([
    ['', 'newest'],
    ['?sort=posted', 'posted'],
    ['?q=data&sort=relevance', 'relevance'],
    ['?q=data', 'newest while searching'],
    ['?q=data&sort=posted', 'posted while searching'],
  ])('pages %s (%s) without duplicates or gaps, in the one-page order', async (query) => {
    seed(jobs);
    const whole = await ids(`${query}${query ? '&' : '?'}limit=100`);
    expect(whole).toHaveLength(23);
    for (const limit of [1, 4, 7]) expect(await allPages(query, limit)).toEqual(whole);
  });

  it('orders newest by first seen, then posted, then id; posted by posted day', async () => {
    seed(jobs);
    const rows = (await list('?limit=100')).items;
    const keys = rows.map((j) => [j.first_seen_at, j.posted_at ?? '', j.id] as const);
    for (const [i, b] of keys.entries()) {
      const a = keys[i - 1];
      if (!a) continue;
      expect(
        a[0] > b[0] || (a[0] === b[0] && (a[1] > b[1] || (a[1] === b[1] && a[2] > b[2]))),
      ).toBe(true);
    }
    const posted = (await list('?sort=posted&limit=100')).items.map((j) => j.posted_at ?? '');
    expect(posted).toEqual([...posted].sort().reverse());
  });

  it('refuses a forged, broken or foreign cursor with 400', async () => {
    seed(jobs);
    const first = await list('?limit=5');
    const cursor = first.next_cursor ?? '';
    expect(cursor).not.toBe('');
    const forged = Buffer.from(
      JSON.stringify({ s: 'newest', f: 'x', first: 1, posted: '', id: '1' }),
    ).toString('base64url');
    const notJson = Buffer.from('{not json').toString('base64url');
    const wrongShape = Buffer.from(JSON.stringify({ s: 'newest', id: 5 })).toString('base64url');
    for (const bad of ['!!!', 'abc', notJson, wrongShape, 'A'.repeat(400)]) {
      const res = await error(`/api/v1/jobs?limit=5&cursor=${encodeURIComponent(bad)}`);
      expect(res, bad).toEqual({
        status: 400,
        error: 'cursor is not one this server gave: load the list again without it',
      });
    }
    const foreign =
      'cursor belongs to another search, filter or sort: load the list again without it';
    expect(await error(`/api/v1/jobs?limit=5&cursor=${forged}`)).toEqual({
      status: 400,
      error: foreign,
    });
    expect(await error(`/api/v1/jobs?sort=posted&limit=5&cursor=${cursor}`)).toEqual({
      status: 400,
      error: foreign,
    });
    expect(await error(`/api/v1/jobs?q=data&limit=5&cursor=${cursor}`)).toEqual({
      status: 400,
      error: foreign,
    });
    expect(await error(`/api/v1/jobs?limit=5&cursor=${'x'.repeat(600)}`)).toEqual({
      status: 400,
      error: 'cursor is not one this server gave: load the list again without it',
    });
    // The same list with another page size is the same list.
    expect((await list(`?limit=7&cursor=${cursor}`)).items[0]?.id).toBeDefined();
  });

  it('counts up to the cap, and says when more match', async () => {
    seed(Array.from({ length: JOBS_TOTAL_CAP + 5 }, (_, i) => ({ id: 5000 + i })));
    const page = await list('?limit=3');
    expect(page.total).toBe(JOBS_TOTAL_CAP);
    expect(page.total_capped).toBe(true);
    const few = await list('?state=saved');
    expect(few).toMatchObject({ total: 0, total_capped: false, items: [] });
  });
});

describe('one job and its triage', () => {
  it('GET /jobs/{id}: everything stored, found_by, 404 and 400', async () => {
    seed(
      [
        {
          id: 42,
          description: 'Plain',
          title: 'Data Engineer',
        },
      ],
      { 1: [42], 3: [42] },
    );
    server.database.sqlite
      .exec(`UPDATE jobs SET seniority = 'Mid-Senior level', employment_type = 'Full-time',
      job_function = 'Engineering', industries = 'Software', applicants = 'Over 200 applicants',
      last_seen_at = ${T0 + 86_400_000} WHERE id = '42';
      UPDATE job_descriptions SET description_html = '<p>Plain</p>' WHERE job_id = '42'`);
    const res = await server.authed({ method: 'GET', url: '/api/v1/jobs/42' });
    expect(res.statusCode).toBe(200);
    const job = jobDetailSchema.parse(res.json());
    expect(job).toMatchObject({
      id: 42,
      seniority: 'Mid-Senior level',
      employment_type: 'Full-time',
      job_function: 'Engineering',
      industries: 'Software',
      applicants: 'Over 200 applicants',
      description_html: '<p>Plain</p>',
      last_seen_at: new Date(T0 + 86_400_000).toISOString(),
      company_blocked: false,
      search_terms: ['Data Engineer'],
      found_by: [
        {
          run_id: 1,
          batch_id: 1,
          query_id: 1,
          search_term: 'Data Engineer',
          search_location: 'Berlin, Germany',
        },
        {
          run_id: 3,
          batch_id: 2,
          query_id: 1,
          search_term: 'Data Engineer',
          search_location: 'Berlin, Germany',
        },
      ],
    });
    // Reading a job does not change its state: the screen marks it seen (docs/decisions/016).
    expect(job.state).toBe('new');
    expect(await error('/api/v1/jobs/43')).toEqual({ status: 404, error: 'Job 43 not found' });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      expect((await error(`/api/v1/jobs/${bad}`)).status, bad).toBe(400);
    }
  });

  it('PATCH /jobs/{id} sets the state; hidden leaves the default list', async () => {
    seed([{ id: 1 }, { id: 2 }]);
    const res = await server.authed({
      method: 'PATCH',
      url: '/api/v1/jobs/1',
      payload: { state: 'hidden' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 1, state: 'hidden' });
    expect(await ids()).toEqual([2]);
    expect(await ids('?state=hidden')).toEqual([1]);
    expect(await error('/api/v1/jobs/9', { method: 'PATCH', payload: { state: 'seen' } })).toEqual({
      status: 404,
      error: 'Job 9 not found',
    });
    expect(await error('/api/v1/jobs/1', { method: 'PATCH', payload: { state: 'done' } })).toEqual({
      status: 400,
      error: 'state must be one of new, seen, saved, applied, hidden',
    });
    expect(
      (await error('/api/v1/jobs/1', { method: 'PATCH', payload: { state: 'seen', x: 1 } })).status,
    ).toBe(400);
  });

  it('POST /jobs/state sets 1 to 500 jobs at once', async () => {
    seed([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const res = await server.authed({
      method: 'POST',
      url: '/api/v1/jobs/state',
      payload: { ids: [1, 2, 99], state: 'saved' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    expect(await ids('?state=saved')).toEqual([2, 1]);
    const many = Array.from({ length: 500 }, (_, i) => i + 1);
    expect(
      (
        await server.authed({
          method: 'POST',
          url: '/api/v1/jobs/state',
          payload: { ids: many, state: 'seen' },
        })
      ).json(),
    ).toEqual({ updated: 3 });
    const tooMany = { ids: [...many, 501], state: 'seen' };
    expect(await error('/api/v1/jobs/state', { method: 'POST', payload: tooMany })).toEqual({
      status: 400,
      error: 'ids must be a list of 1 to 500 job ids',
    });
    expect(
      await error('/api/v1/jobs/state', { method: 'POST', payload: { ids: [], state: 'seen' } }),
    ).toEqual({ status: 400, error: 'ids must be a list of 1 to 500 job ids' });
    expect(
      (await error('/api/v1/jobs/state', { method: 'POST', payload: { ids: [1], state: 'x' } }))
        .status,
    ).toBe(400);
  });
});

describe('pipeline_stage (issue 39)', () => {
  const send = async (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) => {
    const res = await server.authed({ method, url: `/api/v1${url}`, payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  };
  const stages = async (query: string) =>
    Object.fromEntries((await list(query)).items.map((j) => [j.id, [j.state, j.pipeline_stage]]));
  const detailStage = async (id: number) => {
    const res = await server.authed({ method: 'GET', url: `/api/v1/jobs/${id}` });
    const job = jobDetailSchema.parse(res.json());
    return [job.state, job.pipeline_stage];
  };

  it('is the stage of a job on the board, in the list and one job; null off it', async () => {
    seed([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
    await send('PATCH', '/jobs/1', { state: 'saved' });
    await send('POST', '/applications', { job_id: 2, stage: 'applied' });
    await send('PATCH', '/applications/2', { stage: 'interviewing' });
    await send('PATCH', '/jobs/3', { state: 'applied' });
    await send('PATCH', '/jobs/3', { state: 'hidden' });
    const expected: Record<number, [string, string | null]> = {
      1: ['saved', 'saved'],
      2: ['applied', 'interviewing'],
      3: ['hidden', null],
      4: ['new', null],
    };
    expect(await stages('?state=new,seen,saved,applied,hidden')).toEqual(expected);
    expect(await stages('?grouped=true&state=new,saved,applied,hidden')).toEqual(expected);
    expect(await stages('?state=applied&sort=posted')).toEqual({ 2: expected[2] });
    for (const id of [1, 2, 3, 4]) expect(await detailStage(id)).toEqual(expected[id]);

    // Triage keeps the stage (saved on Interviewing), and a job brought back has its stage again.
    await send('PATCH', '/jobs/2', { state: 'saved' });
    expect(await detailStage(2)).toEqual(['applied', 'interviewing']);
    await send('PATCH', '/jobs/2', { state: 'seen' });
    expect(await detailStage(2)).toEqual(['seen', null]);
    await send('PATCH', '/jobs/2', { state: 'saved' });
    expect(await detailStage(2)).toEqual(['applied', 'interviewing']);
    // Removed from the pipeline: the job is seen, with no stage.
    await send('PATCH', '/applications/1', { stage: 'rejected' });
    expect(await detailStage(1)).toEqual(['applied', 'rejected']);
    const removed = await server.authed({ method: 'DELETE', url: '/api/v1/applications/1' });
    expect(removed.statusCode).toBeLessThan(300);
    expect(await detailStage(1)).toEqual(['seen', null]);
  });

  it('is in the OpenAPI document: a stage or null, optional for older clients', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const answerOf = z.object({
      get: z.object({
        responses: z.object({
          200: z.object({
            content: z.object({ 'application/json': z.object({ schema: z.unknown() }) }),
          }),
        }),
      }),
    });
    const item = z.object({
      properties: z.object({ pipeline_stage: z.unknown() }),
      required: z.array(z.string()),
    });
    const paths = z.object({ paths: z.record(z.string(), z.unknown()) }).parse(res.json()).paths;
    const answer = (path: string) =>
      answerOf.parse(paths[path]).get.responses[200].content['application/json'].schema;
    const listed = z
      .object({ properties: z.object({ items: z.object({ items: item }) }) })
      .parse(answer('/api/v1/jobs')).properties.items.items;
    for (const schema of [listed, item.parse(answer('/api/v1/jobs/{id}'))]) {
      expect(schema.properties.pipeline_stage).toEqual({
        anyOf: [{ type: 'string', enum: [...APPLICATION_STAGES] }, { type: 'null' }],
      });
      expect(schema.required).not.toContain('pipeline_stage');
    }
  });
});

async function readSheet(payload: Buffer): Promise<Record<string, string>[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(payload).buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const header: string[] = [];
  sheet.getRow(1).eachCell((cell, c) => (header[c] = String(cell.value)));
  const rows: Record<string, string>[] = [];
  for (let r = 2; r <= sheet.actualRowCount; r += 1) {
    const row: Record<string, string> = {};
    sheet.getRow(r).eachCell((cell, c) => {
      const name = header[c];
      if (name) row[name] = cell.text;
    });
    rows.push(row);
  }
  return rows;
}

describe('GET /jobs/export', () => {
  it('holds exactly the rows of the list, in its order, with the batch export columns', async () => {
    seed(
      [
        { id: 1, title: 'Data Engineer', easyApply: 1, batch: 1 },
        { id: 2, title: 'Data Analyst', easyApply: 1, batch: 2 },
        { id: 3, title: 'Data Scientist', easyApply: 0 },
        { id: 4, title: 'Cook', easyApply: 1 },
        { id: 5, title: 'Data Hidden', easyApply: 1, state: 'hidden' },
      ],
      { 1: [1, 3, 4, 5], 2: [1], 3: [2, 1] },
    );
    for (const query of [
      '?q=data&easy_apply=true',
      '',
      '?sort=posted',
      '?batch=2',
      '?q=data',
      '?q=data&sort=relevance',
    ]) {
      const listed = await list(`${query}${query ? '&' : '?'}limit=100`);
      const res = await server.authed({ method: 'GET', url: `/api/v1/jobs/export${query}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX_MIME_TYPE);
      expect(res.headers['content-disposition']).toBe('attachment; filename="jobs.xlsx"');
      const rows = await readSheet(res.rawPayload);
      expect(
        rows.map((r) => Number(r['Job ID'])),
        query,
      ).toEqual(listed.items.map((j) => j.id));
    }
    const rows = await readSheet(
      (await server.authed({ method: 'GET', url: '/api/v1/jobs/export?q=data&easy_apply=true' }))
        .rawPayload,
    );
    // Newest first, as the screen lists a search.
    expect(rows.map((r) => [r.Title, r['Search Term'], r['Easy Apply'], r.New])).toEqual([
      ['Data Analyst', 'Data Engineer', 'Yes', 'Yes'],
      ['Data Engineer', 'Data Engineer', 'Yes', 'No'],
    ]);
  });

  it('refuses bad filters and page parameters with 400', async () => {
    expect(await error('/api/v1/jobs/export?posted=1y')).toEqual({
      status: 400,
      error: 'posted must be one of 24h, 7d, 30d',
    });
    expect((await error('/api/v1/jobs/export?cursor=abc')).error).toMatch(
      /^unknown parameter cursor/,
    );
  });
});
