import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_COOKIES } from '../../../simulator';
import { apiTokenCreatedSchema, overviewSiteHealthSchema } from '../../contract';
import { createCookieStateStore } from '../../runner';
import { startTestServer, type TestServer } from '../test-harness';

// GET /overview/site-health (issue 32) on a seeded history, in Berlin's time zone: each day's
// fill per field (Σfilled ÷ Σtotal over its completed batches), the site counters of its batches,
// the fields drifting now with the batch their drift started with, and the cookie state.

let server: TestServer;
let queryId = 0;
const URL = '/api/v1/overview/site-health';
const at = (iso: string) => Date.parse(iso);

beforeAll(async () => {
  // The harness's clock: 2026-11-02T08:00Z, 09:00 in Berlin. Today is 2026-11-02 there.
  server = await startTestServer({ TZ: 'Europe/Berlin' });
  // The schedule's catch-up at start ends today's daily batch (no active query): no counts.
  await server.ctx.runner.runner.idle();
  const { sqlite } = server.database;
  queryId = Number(
    sqlite
      .prepare(
        `INSERT INTO queries (job_title, location_id, display_name, status, is_ai, created_at, updated_at)
         VALUES ('Data Analyst', 1, 'Berlin', 'inactive', 0, 0, 0)`,
      )
      .run().lastInsertRowid,
  );
  const batch = sqlite.prepare(
    `INSERT INTO batches (id, kind, status, started_at, finished_at, jobs_to_enrich, jobs_enriched)
     VALUES (?, 'daily', ?, ?, ?, 0, 0)`,
  );
  batch.run(101, 'completed', at('2026-10-20T07:00:00Z'), at('2026-10-20T07:30:00Z'));
  batch.run(102, 'completed', at('2026-10-28T07:00:00Z'), at('2026-10-28T07:30:00Z'));
  // 21:00 in Berlin: the same day as batch 102.
  batch.run(103, 'completed', at('2026-10-28T19:00:00Z'), at('2026-10-28T20:00:00Z'));
  batch.run(104, 'failed', at('2026-10-30T07:00:00Z'), at('2026-10-30T07:05:00Z'));
  // 23:30 UTC on the 1st is 00:30 on the 2nd in Berlin.
  batch.run(105, 'completed', at('2026-11-01T23:00:00Z'), at('2026-11-01T23:30:00Z'));
  // A batch stopped mid-way and not resumed yet: its counts are its start's day's.
  batch.run(106, 'running', at('2026-11-02T07:00:00Z'), null);

  const fill = sqlite.prepare(
    `INSERT INTO batch_field_fills (batch_id, field, filled, total, verdict, drifting)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const fills: Array<[number, string, number, number, string, number]> = [
    // Salary: an old drift that recovered (101 → 102), then a new one since batch 103, kept by
    // the small batch 105.
    [101, 'salary', 10, 20, 'drift', 1],
    [101, 'location', 20, 20, 'ok', 0],
    [101, 'posted_at', 20, 20, 'ok', 0],
    [102, 'salary', 12, 24, 'ok', 0],
    [102, 'location', 24, 24, 'ok', 0],
    [102, 'posted_at', 24, 24, 'ok', 0],
    [102, 'company_id', 0, 0, 'unjudged', 0],
    [102, 'description', 20, 20, 'ok', 0],
    [103, 'salary', 0, 30, 'drift', 1],
    [103, 'location', 27, 30, 'ok', 0],
    [103, 'posted_at', 30, 30, 'ok', 0],
    [103, 'description', 0, 25, 'drift', 1],
    [105, 'salary', 0, 10, 'unjudged', 1],
    [105, 'location', 5, 10, 'ok', 0],
    [105, 'posted_at', 0, 40, 'drift', 1],
    // Description drifted with batch 103 and recovered with batch 105: not drifting now.
    [105, 'description', 30, 30, 'ok', 0],
  ];
  for (const row of fills) fill.run(...row);

  const counts = sqlite.prepare(
    `INSERT INTO batch_site_counts
       (batch_id, requests, rate_limited, retries, pauses, pause_ms, failed_details)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  counts.run(101, 30, 0, 0, 0, 0, 0);
  counts.run(102, 40, 2, 2, 2, 3500, 1);
  counts.run(103, 50, 1, 1, 1, 1000, 0);
  counts.run(104, 5, 5, 4, 4, 60000, 0);
  counts.run(105, 20, 0, 1, 1, 250, 2);
  counts.run(106, 7, 0, 0, 0, 0, 0);

  // Cookies saved, and the site asked to sign in during batch 105.
  const saved = await server.authed({
    method: 'POST',
    url: '/api/v1/settings',
    payload: { cookies: VALID_COOKIES, script_time: '09:00' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const cookieState = createCookieStateStore(sqlite);
  cookieState.record(
    'rejected',
    cookieState.storedCookies(),
    at('2026-11-01T23:30:00Z'),
    'batch',
    105,
  );
});
afterAll(async () => {
  await server?.close();
});

const get = (query = '', token?: string) =>
  token === undefined
    ? server.authed({ method: 'GET', url: `${URL}${query}` })
    : server.app.inject({
        method: 'GET',
        url: `${URL}${query}`,
        headers: { authorization: `Bearer ${token}` },
      });

const DAYS_7 = [
  '2026-10-27',
  '2026-10-28',
  '2026-10-29',
  '2026-10-30',
  '2026-10-31',
  '2026-11-01',
  '2026-11-02',
];
const none = [null, null, null, null, null, null, null];
const calm = [false, false, false, false, false, false, false];

describe('GET /overview/site-health', () => {
  it('answers each day’s fills, counters and the drifting fields, in the server’s days', async () => {
    const res = await get('?range=7');
    expect(res.statusCode, res.body).toBe(200);
    const body = overviewSiteHealthSchema.parse(res.json());
    const cookies = (
      await server.authed({ method: 'GET', url: '/api/v1/settings/cookies/status' })
    ).json();
    expect(body).toEqual({
      range: '7',
      query_id: null,
      days: DAYS_7,
      backfills: [0, 0, 0, 0, 0, 0, 0],
      fields: [
        // Batch 102's company ids: no job could have one (total 0), so the day has none.
        { field: 'company_id', fill: none, drifting: calm },
        {
          field: 'location',
          fill: [null, 51 / 54, null, null, null, null, 5 / 10],
          drifting: calm,
        },
        // Issue 39: the days a batch found the field drifting, each drift where it happened.
        {
          field: 'posted_at',
          fill: [null, 54 / 54, null, null, null, null, 0],
          drifting: [false, false, false, false, false, false, true],
        },
        // Batch 103 drifted on the 28th (102, the same day, did not); 105 kept it.
        {
          field: 'salary',
          fill: [null, 12 / 54, null, null, null, null, 0],
          drifting: [false, true, false, false, false, false, true],
        },
        { field: 'seniority', fill: none, drifting: calm },
        { field: 'employment_type', fill: none, drifting: calm },
        // Drifted with batch 103 and recovered with 105: the 28th still says so.
        {
          field: 'description',
          fill: [null, 20 / 45, null, null, null, null, 1],
          drifting: [false, true, false, false, false, false, false],
        },
        { field: 'applicants', fill: none, drifting: calm },
      ],
      requests: [0, 90, 0, 5, 0, 0, 27],
      rate_limited: [0, 3, 0, 5, 0, 0, 0],
      retries: [0, 3, 0, 4, 0, 0, 1],
      pauses: [0, 3, 0, 4, 0, 0, 1],
      pause_seconds: [0, 4.5, 0, 60, 0, 0, 0.25],
      failed_details: [0, 1, 0, 0, 0, 0, 2],
      drift: [
        { field: 'salary', batch_id: 103, since: '2026-10-28T20:00:00.000Z' },
        { field: 'posted_at', batch_id: 105, since: '2026-11-01T23:30:00.000Z' },
      ],
      cookies,
    });
    expect(body.cookies).toEqual({
      cookies: 'present',
      last_check: {
        state: 'rejected',
        checked_at: '2026-11-01T23:30:00.000Z',
        source: 'batch',
        batch_id: 105,
        current: true,
      },
    });
  });

  it("'all' starts on the first batch’s day, zero-filled; 30 is the default", async () => {
    const all = overviewSiteHealthSchema.parse((await get('?range=all')).json());
    expect(all.days).toHaveLength(14);
    expect(all.days[0]).toBe('2026-10-20');
    expect(all.days.at(-1)).toBe('2026-11-02');
    expect(all.requests).toEqual([30, 0, 0, 0, 0, 0, 0, 0, 90, 0, 5, 0, 0, 27]);
    expect(all.fields.find((f) => f.field === 'salary')?.fill.slice(0, 2)).toEqual([0.5, null]);
    // Salary's first drift (batch 101), long recovered, still shows on its day.
    expect(all.fields.find((f) => f.field === 'salary')?.drifting?.slice(0, 2)).toEqual([
      true,
      false,
    ]);

    const month = overviewSiteHealthSchema.parse((await get()).json());
    expect(month.range).toBe('30');
    expect(month.days).toHaveLength(30);
    expect(month.days[0]).toBe('2026-10-04');
    expect(month.requests.reduce((a, b) => a + b, 0)).toBe(152);
  });

  it('checks the query but covers every search; 404 for an unknown one, 400 for a bad range', async () => {
    const one = await get(`?range=7&query=${queryId}`);
    expect(one.statusCode).toBe(200);
    const body = overviewSiteHealthSchema.parse(one.json());
    expect(body.query_id).toBe(queryId);
    expect(body.requests).toEqual([0, 90, 0, 5, 0, 0, 27]);

    const unknown = await get('?range=7&query=999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Query not found' });
    const range = await get('?range=14');
    expect(range.statusCode).toBe(400);
    expect(range.json()).toEqual({ error: 'range must be one of 7, 30, 90, all' });
    const query = await get('?query=abc');
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({
      error: 'query must be a saved query’s id (a positive integer)',
    });
    const extra = await get('?days=7');
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ error: 'unknown parameter days; known: range, query' });
  });

  it('is readable with a read-only API token, and not without a token', async () => {
    const created = await server.authed({
      method: 'POST',
      url: '/api/v1/api-tokens',
      payload: { name: 'grafana', scope: 'read-only' },
    });
    const { token } = apiTokenCreatedSchema.parse(created.json());
    const res = await get('?range=7', token);
    expect(res.statusCode).toBe(200);
    expect(overviewSiteHealthSchema.parse(res.json()).requests).toEqual([0, 90, 0, 5, 0, 0, 27]);
    expect((await server.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});
