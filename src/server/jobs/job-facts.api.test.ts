import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobDetailSchema, jobListSchema, type JobList } from '../../contract';
import { readNdjsonLines } from '../export/export-test-kit';
import { startTestServer, type TestServer } from '../test-harness';

// Issue 41 on the Jobs API: closed_at and apply_url on every item and job, and "Open only"
// (open=true) on the list, its pages, its groups, its search and its export; without it the list
// is what it was.

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const T0 = Date.parse('2026-11-01T08:00:00Z');
const CLOSED_AT = Date.parse('2026-10-30T12:00:00Z');

/** Jobs 1–9; the even ones closed; 1–3 the same role in three places; 7 has an address. */
function seed(): void {
  const db = server.database.sqlite;
  db.exec(
    `INSERT INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 0)`,
  );
  const insert =
    db.prepare(`INSERT INTO jobs (id, title, company_name, company_normalized, location,
      url, first_seen_batch_id, first_seen_at, last_seen_at, role_key, group_key, closed_at, apply_url)
    VALUES (@id, @title, 'Acme', 'acme', @location, @url, 1, @firstSeen, @firstSeen, @group, @group,
      @closedAt, @applyUrl)`);
  const description = db.prepare(
    'INSERT INTO job_descriptions (job_id, description) VALUES (?, ?)',
  );
  for (let id = 1; id <= 9; id += 1) {
    const group = id <= 3 ? 'abcdef0123456789' : null;
    insert.run({
      id: String(id),
      title: id <= 3 ? 'Data Engineer' : `Role ${id}`,
      location: `City ${id}`,
      url: `https://www.linkedin.com/jobs/view/${id}`,
      firstSeen: T0 + id,
      group,
      closedAt: id % 2 === 0 ? CLOSED_AT : null,
      applyUrl: id === 7 ? 'https://jobs.acme.example/apply/7?src=li' : null,
    });
    description.run(String(id), `We build pipelines for role ${id}.`);
  }
}

async function list(query = ''): Promise<JobList> {
  const res = await server.authed({ method: 'GET', url: `/api/v1/jobs${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return jobListSchema.parse(res.json());
}
const ids = async (query = '') => (await list(query)).items.map((item) => item.id);

describe('closed_at and apply_url', () => {
  it('are sent on every item and job, null where the page said nothing', async () => {
    seed();
    const items = (await list()).items;
    expect(items.map((item) => [item.id, item.closed_at, item.apply_url])).toEqual([
      [9, null, null],
      [8, '2026-10-30T12:00:00.000Z', null],
      [7, null, 'https://jobs.acme.example/apply/7?src=li'],
      [6, '2026-10-30T12:00:00.000Z', null],
      [5, null, null],
      [4, '2026-10-30T12:00:00.000Z', null],
      [3, null, null],
      [2, '2026-10-30T12:00:00.000Z', null],
      [1, null, null],
    ]);
    const job = jobDetailSchema.parse(
      (await server.authed({ method: 'GET', url: '/api/v1/jobs/8' })).json(),
    );
    expect(job).toMatchObject({ id: 8, closed_at: '2026-10-30T12:00:00.000Z', apply_url: null });
  });
});

describe('open=true (Open only)', () => {
  it('leaves out the jobs found closed, in every order, page and group, and counts the rest', async () => {
    seed();
    expect(await ids('?open=true')).toEqual([9, 7, 5, 3, 1]);
    expect(await ids('?open=false')).toEqual(await ids());
    expect((await list('?open=true')).total).toBe(5);
    expect(await ids('?open=true&sort=posted')).toEqual([9, 7, 5, 3, 1]);
    expect(await ids('?open=true&q=pipelines')).toEqual([9, 7, 5, 3, 1]);
    expect(await ids('?open=true&q=pipelines&sort=relevance')).toHaveLength(5);

    // A group's row is its newest open job: 3, where job 2 is closed.
    const grouped = await list('?open=true&grouped=true');
    expect(grouped.items.map((item) => item.id)).toEqual([9, 7, 5, 3]);
    expect(grouped).toMatchObject({ total: 4, total_jobs: 5 });

    // Pages follow each other without a gap or a repeat.
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: JobList = await list(
        `?open=true&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([9, 7, 5, 3, 1]);

    // A cursor of the list without open=true belongs to another list.
    const first = await list('?limit=2');
    const mixed = await server.authed({
      method: 'GET',
      url: `/api/v1/jobs?open=true&limit=2&cursor=${encodeURIComponent(first.next_cursor ?? '')}`,
    });
    expect(mixed.statusCode).toBe(400);
  });

  it('exports the open jobs only, with the same filters as the list', async () => {
    seed();
    const res = await server.authed({
      method: 'GET',
      url: '/api/v1/jobs/export?open=true&format=json',
    });
    expect(res.statusCode).toBe(200);
    const lines = readNdjsonLines(res.rawPayload);
    expect(lines.map((line) => [line.id, line.closed_at, line.apply_url])).toEqual([
      [9, null, null],
      [7, null, 'https://jobs.acme.example/apply/7?src=li'],
      [5, null, null],
      [3, null, null],
      [1, null, null],
    ]);
  });

  it('refuses any other value with a 400 naming the parameter', async () => {
    for (const url of ['/api/v1/jobs?open=yes', '/api/v1/jobs/export?open=1']) {
      const res = await server.authed({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: 'open must be true or false' });
    }
  });
});
